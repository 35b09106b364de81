import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form'
import { ApiError } from '../../../lib/api-client'
import { busyButtonProps } from '../../../lib/busy-button'
import styles from '../backoffice.module.css'

/*
 * Only react-hook-form forms import this module. It brings lib/busy-button.ts, which the storefront's forms
 * load in one chunk with react-hook-form and the lazy resolver; a screen that loaded it without
 * react-hook-form would split that chunk and add a file to every storefront form page's first load.
 */

/** What frames a field: its label, the hint under it and the error after the control. */
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

/** A field's guidance, under its label at all times; the id is what the field's aria-describedby names. */
function FieldHint({ id, hint }: { id: string; hint: string | undefined }) {
  return hint ? (
    <span id={`${id}-hint`} className={styles.hint}>
      {hint}
    </span>
  ) : null
}

function FieldFrame({ id, label, hint, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      {children}
      <FieldError id={id} error={error} />
    </div>
  )
}

/**
 * The back office's fields, in every one of its react-hook-form forms. Each takes what `register('name')`
 * returns, so react-hook-form keeps the value (what was typed survives a failed save) and can focus the
 * first wrong field; the label, hint and error are tied to the control (htmlFor, aria-describedby,
 * aria-invalid), as on every storefront form.
 */
interface RegisteredFieldProps {
  label: string
  /** `register('name', options)`: the field's name, ref and handlers. */
  register: UseFormRegisterReturn
  /** The field's message (`errors.name?.message`), from the shared schema or from the server. */
  error?: string | undefined
  /** Guidance under the label at all times. */
  hint?: string | undefined
}

type TextFieldProps = RegisteredFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className'> & {
    /** Lines of a multi-line field (a textarea); a one-line input when left out. */
    rows?: number
  }

/** A labelled text input, or a textarea when `rows` is given. */
export function TextField({ label, register, error, hint, rows, ...input }: TextFieldProps) {
  const id = `${useId()}-${register.name}`
  const shared = {
    id,
    className: styles.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  } as const
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {rows === undefined ? (
        <input {...shared} {...input} {...register} />
      ) : (
        <textarea {...shared} rows={rows} {...register} />
      )}
    </FieldFrame>
  )
}

/** A labelled select. Options' values are strings; `register(name, { setValueAs })` turns them into others. */
export function SelectField({
  label,
  register,
  error,
  hint,
  options,
  ...select
}: RegisteredFieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'className'> & {
    options: readonly { value: string; label: string }[]
  }) {
  const id = `${useId()}-${register.name}`
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
        {...register}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

/** A checkbox with its label beside it (a 44 px target), and its error under it. */
export function CheckboxField({
  label,
  register,
  error,
  hint,
  ...input
}: RegisteredFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type' | 'className'>) {
  const id = `${useId()}-${register.name}`
  return (
    <div className={styles.field}>
      <label className={styles.check} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...input}
          {...register}
        />
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  )
}

/**
 * A form's submit button. While the form's call is under way it says so and refuses the press but stays
 * focusable (lib/busy-button.ts, as on the storefront's forms), so after a failure the keyboard user is
 * still in the form. `disabled` is for a form with nothing to send yet (no line ticked).
 */
export function SubmitButton({
  busy = false,
  busyLabel = 'Saving…',
  disabled,
  children,
}: {
  busy?: boolean
  busyLabel?: string
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <button type="submit" className="button-primary" disabled={disabled} {...busyButtonProps(busy)}>
      {busy ? busyLabel : children}
    </button>
  )
}

/** '' (an empty input or "any" option) as undefined, for optional fields of the shared schemas. */
export const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/**
 * The server's `fieldErrors` (keyed by the request body's paths: `city`, `shop.city`, `member.email`) set
 * on the form's fields of the same names, `prefix` first when the form nests what the body sends flat;
 * the first gets the focus. Returns whether any was set.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  prefix = '',
): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false
  let first = true
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0]
    if (!message) continue
    // The server names the body's paths, which are the form's own field names by construction.
    setError(`${prefix}${key}` as Path<T>, { type: 'server', message }, { shouldFocus: first })
    first = false
  }
  return !first
}
