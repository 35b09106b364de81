import { CircleAlert } from 'lucide-react'
import { forwardRef, type InputHTMLAttributes } from 'react'
import styles from './checkout-form.module.css'

interface CheckoutFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string
  label: string
  error: string | undefined
  /** Spans both columns of the form grid, for the long fields (email, address). */
  wide?: boolean
}

/** A labelled input whose error hint is tied to it for screen readers and marks it invalid. */
// forwardRef: react-hook-form's register() hands the input a ref to focus the first invalid field.
export const CheckoutField = forwardRef<HTMLInputElement, CheckoutFieldProps>(function CheckoutField(
  { id, label, error, wide = false, type = 'text', ...input },
  ref,
) {
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
})
