import type { FormEvent, ReactNode } from 'react'
import styles from './form.module.css'

/**
 * The form of every auth screen: the browser's own validation is off (the schema's messages show instead),
 * the rules start loading when the form is first focused, and a submission on its way is neither checked
 * again nor sent twice.
 */
export function AuthForm(props: {
  submitting: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
  onFocus: () => void
  children: ReactNode
}) {
  const { submitting, onSubmit, onFocus, children } = props
  return (
    <form
      className={styles.form}
      noValidate
      onFocus={onFocus}
      onSubmit={(event) => {
        if (submitting) event.preventDefault()
        else void onSubmit(event)
      }}
    >
      {children}
    </form>
  )
}
