import { accountMessages } from '@larder/shared'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { getAppCheckToken } from '../../lib/app-check'
import { lazyZodResolver, usePreloadedResolver } from '../../lib/lazy-zod-resolver'
import { requestPasswordReset } from './api/reset-password-init'
import { AuthLayout } from './components/auth-layout'
import { AuthForm } from './components/auth-form'
import { FormAlert, type AlertMessage } from './components/form-alert'
import styles from './components/form.module.css'
import { SubmitButton } from './components/submit-button'
import { TextField } from './components/text-field'
import { resetInitErrorMessage } from './error-messages'

// The request's own schema: the address the server would take, trimmed (form-schemas.ts, loaded after the
// page's first paint).
const resolver = lazyZodResolver(() => import('./form-schemas').then((m) => m.ResetInitSchema))

/** Spec: one e-mail field; an empty one sends nothing; a green success or a red error after the call. */
export function ForgotPasswordPage() {
  const id = useId()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: { email: '' },
    // The error shows once the field has been left or a submit tried; an invalid submit focuses it.
    mode: 'onTouched',
  })
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<AlertMessage | null>(null)
  const preloadRules = usePreloadedResolver(resolver)

  useEffect(() => {
    void getAppCheckToken()
  }, [])

  const submit = handleSubmit(async ({ email }) => {
    setSubmitting(true)
    setMessage(null)
    try {
      const response = await requestPasswordReset(email)
      setMessage(
        response.success
          ? { tone: 'success', text: response.message || accountMessages.resetMailSent }
          : { tone: 'error', text: response.message || accountMessages.resetUnexpected },
      )
    } catch (error) {
      console.error('Password reset request failed', error)
      setMessage({ tone: 'error', text: resetInitErrorMessage(error) })
    } finally {
      setSubmitting(false)
    }
  })

  return (
    <AuthLayout
      heading="Forgot your password?"
      eyebrow="Password reset"
      lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <div className={styles.form}>
        <FormAlert message={message} />
        <AuthForm submitting={submitting} onSubmit={submit} onFocus={preloadRules}>
          <TextField
            id={`${id}-email`}
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <SubmitButton busy={submitting} busyLabel="Sending…">
            Reset Password
          </SubmitButton>
        </AuthForm>
        <p className={styles.footnote}>
          Remembered it?{' '}
          <Link to={paths.login.getHref()} className={styles.link}>
            Back to log in
          </Link>
        </p>
      </div>
    </AuthLayout>
  )
}
