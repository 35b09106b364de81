import { accountMessages } from '@larder/shared'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { lazyZodResolver, usePreloadedResolver } from '../../lib/lazy-zod-resolver'
import { Link, useSearchParams } from '../../framework/routing/router'
import { ApiError } from '../../lib/api-client'
import { logout, readToken } from '../../lib/session'
import { paths } from '../../config/paths'
import { finishPasswordReset } from './api/reset-password-finish'
import { AuthLayout } from './components/auth-layout'
import { AuthForm } from './components/auth-form'
import { FormAlert, type AlertMessage } from './components/form-alert'
import styles from './components/form.module.css'
import { NewPasswordFields } from './components/password-field'
import { SubmitButton } from './components/submit-button'

// Both passwords required, 6 to 50 characters (form-schemas.ts), loaded after the page's first paint.
const resolver = lazyZodResolver(() => import('./form-schemas').then((m) => m.ResetFormSchema))

function ResetForm({ resetKey, onSuccess }: { resetKey: string; onSuccess: () => void }) {
  const id = useId()
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isValid },
  } = useForm({
    resolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
    // Errors show once a field has been left or a submit tried; an invalid submit focuses the first.
    mode: 'onTouched',
  })
  const [newPassword, confirmPassword] = useWatch({ control, name: ['newPassword', 'confirmPassword'] })
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<AlertMessage | null>(null)
  const preloadRules = usePreloadedResolver(resolver)

  const submit = handleSubmit(async (values) => {
    if (values.newPassword !== values.confirmPassword) {
      setMessage({ tone: 'error', text: accountMessages.resetMismatch })
      return
    }
    setSubmitting(true)
    setMessage(null)
    try {
      await finishPasswordReset(resetKey, values.newPassword)
      // The server ends every session of the account on a reset; this tab's would only fail at its next call.
      if (readToken() !== null) logout()
      onSuccess()
    } catch (error) {
      console.error('Password reset failed', error)
      // A common password is the one refusal the shopper can mend here; any other is the spec's message.
      const common = error instanceof ApiError && error.message === accountMessages.passwordTooCommon
      setMessage({
        tone: 'error',
        text: common ? accountMessages.passwordTooCommon : accountMessages.resetFinishFailed,
      })
      setSubmitting(false)
    }
  })

  // The mismatch is about the two fields as they were pressed; once they agree, it no longer holds.
  const mismatchMended = message?.text === accountMessages.resetMismatch && newPassword === confirmPassword

  return (
    <div className={styles.form}>
      <FormAlert message={mismatchMended ? null : message} />
      <AuthForm submitting={submitting} onSubmit={submit} onFocus={preloadRules}>
        <NewPasswordFields id={id} hint="Use 6 to 50 characters." register={register} errors={errors} />
        <SubmitButton busy={submitting} busyLabel="Saving…" disabled={!isValid}>
          Reset password
        </SubmitButton>
      </AuthForm>
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
