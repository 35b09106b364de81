import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import styles from '../backoffice.module.css'

interface FieldProps {
  id: string
  label: string
  hint?: string | undefined
  error?: string | undefined
}

const describedBy = (id: string, hint: string | undefined, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

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
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  )
}

/** A labelled input whose hint and error are tied to it (aria-describedby) and which says when it is wrong. */
export const TextInput = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextInput({ id, label, hint, error, ...input }, ref) {
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
  },
)

export const TextArea = forwardRef<
  HTMLTextAreaElement,
  FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextArea({ id, label, hint, error, ...input }, ref) {
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

export interface Notice {
  tone: 'success' | 'error'
  text: string
}

/** The message after an action; the live region is always there, so a message that arrives is read out. */
export function NoticeBox({ notice }: { notice: Notice | null }) {
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

/** Field errors from a zod issue list or the server's `fieldErrors`, first message per field. */
export function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.')
    errors[key] ??= issue.message
  }
  return errors
}

/**
 * A table's frame that scrolls sideways on a narrow screen: focusable and named, so keyboard users can
 * scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
