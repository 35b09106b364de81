import { accountMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from '../../lib/router'
import { logout, readToken } from '../../lib/session'
import { paths } from '../../config/paths'
import { finishPasswordReset } from './api/reset-password-finish'
import { AuthLayout } from './components/auth-layout'
import { FormAlert, type AlertMessage } from './components/form-alert'
import styles from './components/form.module.css'
import { PasswordField } from './components/password-field'
import { SubmitButton } from './components/submit-button'
import { focusField, useFormState, type FieldErrors } from './hooks/use-form-state'

type ResetField = 'newPassword' | 'confirmPassword'

function lengthError(value: string, requiredMessage: string): string | undefined {
  if (value === '') return requiredMessage
  if (value.length < PASSWORD_MIN_LENGTH) return accountMessages.resetPasswordTooShort
  if (value.length > PASSWORD_MAX_LENGTH) return accountMessages.resetPasswordTooLong
  return undefined
}

// Spec section 5: both required, 6 to 50 characters. Equality is checked on submit, not here, so that
// the mismatch has its own message and the button is disabled only for the field rules.
function validateReset(values: Record<ResetField, string>): FieldErrors<ResetField> {
  const errors: FieldErrors<ResetField> = {}
  const newPassword = lengthError(values.newPassword, accountMessages.resetPasswordRequired)
  const confirmPassword = lengthError(values.confirmPassword, accountMessages.resetConfirmRequired)
  if (newPassword) errors.newPassword = newPassword
  if (confirmPassword) errors.confirmPassword = confirmPassword
  return errors
}

function ResetForm({ resetKey, onSuccess }: { resetKey: string; onSuccess: () => void }) {
  const id = useId()
  const form = useFormState({ newPassword: '', confirmPassword: '' }, validateReset)
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<AlertMessage | null>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting) return
    if (!form.isValid) {
      form.touchAll()
      focusField(event.currentTarget, form.invalidFields[0])
      return
    }
    if (form.values.newPassword !== form.values.confirmPassword) {
      setMessage({ tone: 'error', text: accountMessages.resetMismatch })
      return
    }
    setSubmitting(true)
    setMessage(null)
    try {
      await finishPasswordReset(resetKey, form.values.newPassword)
      // The server ends every session of the account on a reset; this tab's would only fail at its next call.
      if (readToken() !== null) logout()
      onSuccess()
    } catch (error) {
      console.error('Password reset failed', error)
      setMessage({ tone: 'error', text: accountMessages.resetFinishFailed })
      setSubmitting(false)
    }
  }

  // The mismatch is about the two fields as they were pressed; once they agree, it no longer holds.
  const mismatchMended =
    message?.text === accountMessages.resetMismatch && form.values.newPassword === form.values.confirmPassword

  return (
    <div className={styles.form}>
      <FormAlert message={mismatchMended ? null : message} />
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <PasswordField
          id={`${id}-new`}
          label="New password"
          autoComplete="new-password"
          hint="Use 6 to 50 characters."
          required
          {...form.field('newPassword')}
        />
        <PasswordField
          id={`${id}-confirm`}
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <SubmitButton busy={submitting} busyLabel="Saving…" disabled={!form.isValid}>
          Reset password
        </SubmitButton>
      </form>
    </div>
  )
}

/** Spec: the form shows only with a key and until the reset succeeds; then a link to log in. */
export function ResetPasswordPage() {
  const key = useSearchParams()[0].get('key')?.trim() ?? ''
  const [succeeded, setSucceeded] = useState(false)

  if (succeeded) {
    return (
      <AuthLayout heading="Password changed" eyebrow="Password reset">
        <FormAlert message={{ tone: 'success', text: accountMessages.resetSucceeded }} />
        <Link to={paths.login.getHref()} className={`button-primary ${styles.action}`}>
          Log in
        </Link>
      </AuthLayout>
    )
  }
  if (key === '') {
    return (
      <AuthLayout heading="Reset your password" eyebrow="Password reset">
        <FormAlert
          message={{
            tone: 'error',
            text: 'This page needs the link from your password reset e-mail, and this link has no reset key.',
          }}
        />
        <Link to={paths.forgotPassword.getHref()} className={`button-primary ${styles.action}`}>
          Request a new reset link
        </Link>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout
      heading="Reset your password"
      eyebrow="Password reset"
      lead="Choose a new password for your account."
    >
      <ResetForm resetKey={key} onSuccess={() => setSucceeded(true)} />
    </AuthLayout>
  )
}
