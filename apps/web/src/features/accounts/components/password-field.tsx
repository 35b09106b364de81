import { Eye, EyeOff } from 'lucide-react'
import { forwardRef, useState } from 'react'
import type { FieldError as FormFieldError, UseFormRegisterReturn } from 'react-hook-form'
import styles from './form.module.css'
import { describedBy, FieldError, FieldHint, type TextFieldProps } from './text-field'

/** A password input with the spec's show/hide toggle; the toggle never submits the form. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField({ id, label, error, hint, ...input }, ref) {
    const [visible, setVisible] = useState(false)
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <div className={styles.inputWrap}>
          <input
            ref={ref}
            id={id}
            type={visible ? 'text' : 'password'}
            className={`${styles.input} ${styles.inputWithToggle}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, hint, error)}
            autoCapitalize="off"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            className={styles.toggle}
            aria-controls={id}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
            <span className="visually-hidden">{visible ? 'Hide password' : 'Show password'}</span>
          </button>
        </div>
        <FieldHint id={id} hint={hint} />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    )
  },
)

interface NewPasswordFieldsProps {
  /** The form's `useId()`: the fields are `${id}-new` and `${id}-confirm`. */
  id: string
  /** The new password's guidance, under it at all times. */
  hint: string
  /** The form's `register`: its values hold `newPassword` and `confirmPassword`, maybe among others. */
  register: (name: 'newPassword' | 'confirmPassword') => UseFormRegisterReturn
  /** The form's `formState.errors`. */
  errors: { newPassword?: FormFieldError | undefined; confirmPassword?: FormFieldError | undefined }
}

/**
 * A new password and its confirmation, as the account page's change of password and the reset page ask
 * for them: both required, the browser told they are a new password (so a password manager offers one).
 * That the two agree is the form's check on submit, which shows the spec's mismatch message. It lives
 * beside PasswordField, in that module's chunk, which both pages load already: a module of its own made
 * a chunk of its own, one more file in both pages' first load.
 */
export function NewPasswordFields({ id, hint, register, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={`${id}-new`}
        label="New password"
        autoComplete="new-password"
        hint={hint}
        required
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        id={`${id}-confirm`}
        label="Confirm new password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  )
}
