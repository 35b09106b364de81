import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import styles from '../backoffice.module.css'

/**
 * The back office's fields for react-hook-form: each takes what `register(name)` returns (its ref, so the
 * form can focus the first field in error) and the field's error, shown beside it, tied to it with
 * aria-describedby and marking it aria-invalid, as every storefront form does.
 */
interface FieldProps {
  id: string
  label: string
  hint?: string | undefined
  error?: string | undefined
}

const describedBy = (id: string, hint: string | undefined, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

/** A field's error, beside it; the id is what the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span id={`${id}-error`} className={styles.error}>
      {error}
    </span>
  ) : null
}

function FieldFrame({ id, label, hint, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {children}
      <FieldError id={id} error={error} />
    </div>
  )
}

export const InputField = forwardRef<
  HTMLInputElement,
  FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>
>(function InputField({ id, label, hint, error, ...input }, ref) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        ref={ref}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldFrame>
  )
})

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>
>(function TextAreaField({ id, label, hint, error, ...input }, ref) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        ref={ref}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldFrame>
  )
})

/** A tick box with its label around it. */
export const CheckField = forwardRef<
  HTMLInputElement,
  { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>
>(function CheckField({ label, ...input }, ref) {
  return (
    <label className={styles.check}>
      <input ref={ref} type="checkbox" {...input} />
      {label}
    </label>
  )
})

export interface FormNotice {
  tone: 'success' | 'error'
  text: string
}

/** The message after a save; the live region is always there, so a message that arrives is read out. */
export function FormNoticeBox({ notice }: { notice: FormNotice | null }) {
  return (
    <div aria-live="polite">
      {notice && (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`${styles.alert} ${notice.tone === 'error' ? styles.alertError : styles.alertSuccess}`}
        >
          {notice.text}
        </p>
      )}
    </div>
  )
}
