import { LoaderCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { busyButtonProps } from '../../../lib/busy-button'
import styles from './form.module.css'

interface SubmitButtonProps {
  /** While the call is under way: the button refuses presses and says `busyLabel` beside a spinner. */
  busy: boolean
  busyLabel: string
  /** Off for another reason too, such as fields that do not pass yet. */
  disabled?: boolean
  children: ReactNode
}

/** The full-width submit button of the auth screens' forms. */
export function SubmitButton({ busy, busyLabel, disabled = false, children }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`button-primary ${styles.action}`}
      disabled={disabled}
      {...busyButtonProps(busy)}
    >
      {busy && <LoaderCircle aria-hidden="true" size={18} className={styles.spin} />}
      {busy ? busyLabel : children}
    </button>
  )
}
