import { CircleAlert } from 'lucide-react'
import type { InputHTMLAttributes, Ref } from 'react'
import styles from './checkout-form.module.css'

interface CheckoutFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string
  label: string
  error: string | undefined
  /** Spans both columns of the form grid, for the long fields (email, address). */
  wide?: boolean
  ref?: Ref<HTMLInputElement>
}

/** A labelled input whose error hint is tied to it for screen readers and marks it invalid. */
export function CheckoutField({
  id,
  label,
  error,
  wide = false,
  type = 'text',
  ref,
  ...input
}: CheckoutFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {input.required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        ref={ref}
        type={type}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          <CircleAlert aria-hidden="true" size={16} />
          {error}
        </p>
      )}
    </div>
  )
}
