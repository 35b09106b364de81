import { CircleAlert } from 'lucide-react'
import { forwardRef, type InputHTMLAttributes } from 'react'
import styles from './form.module.css'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string
  label: string
  /** Shown under the field, and tied to it for screen readers, only when the caller decides it is due. */
  error?: string | undefined
  /** Guidance shown under the field at all times. */
  hint?: string
}

/** The ids that describe a field: its hint, then its error when one is shown. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter((part) => part !== '')
  return ids.length > 0 ? ids.join(' ') : undefined
}

export function FieldHint({ id, hint }: { id: string; hint: string | undefined }) {
  if (!hint) return null
  return (
    <p id={`${id}-hint`} className={styles.hint}>
      {hint}
    </p>
  )
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className={styles.error}>
      <CircleAlert aria-hidden="true" size={16} />
      {message}
    </p>
  )
}

/** `ref` reaches the input, so react-hook-form's `register` can read it and focus it when it needs fixing. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, error, hint, type = 'text', ...input },
  ref,
) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type={type}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
})
