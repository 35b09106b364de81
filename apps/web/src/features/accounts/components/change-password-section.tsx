import { accountMessages } from '@larder/shared'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { ApiError, tooManyAttemptsMessage } from '../../../lib/api-client'
import { lazyZodResolver, usePreloadedResolver } from '../../../lib/lazy-zod-resolver'
import { renewToken } from '../../../lib/session'
import { changePassword } from '../api/change-password'
import styles from '../account-page.module.css'
import { AuthForm } from './auth-form'
import { FormAlert, type AlertMessage } from './form-alert'
import formStyles from './form.module.css'
import { NewPasswordFields, PasswordField } from './password-field'
import { SubmitButton } from './submit-button'

const resolver = lazyZodResolver(() => import('../form-schemas').then((m) => m.ChangePasswordFormSchema))

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** The server's words for a refused change (wrong current password, a common new one), or a plain failure. */
function changeErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429)
    return tooManyAttemptsMessage(error.retryAfterSeconds)
  if (error instanceof ApiError && error.status === 400) return error.message
  return 'Your password could not be changed just now. Please try again.'
}

/** The account page's change of password: current password, new one, confirmation. */
export function ChangePasswordSection() {
  const id = useId()
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm({ resolver, defaultValues: EMPTY, mode: 'onTouched' })
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
      renewToken(await changePassword(values.currentPassword, values.newPassword))
      reset(EMPTY)
      setMessage({ tone: 'success', text: accountMessages.passwordChanged })
    } catch (error) {
      // A refusal (400) is the shopper's to mend and is shown; anything else is worth a log line.
      if (!(error instanceof ApiError && error.status === 400)) console.error('Password change failed', error)
      setMessage({ tone: 'error', text: changeErrorMessage(error) })
    } finally {
      setSubmitting(false)
    }
  })

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.name}>
        Change password
      </h2>
      <div className={formStyles.form}>
        <FormAlert message={message} />
        <AuthForm submitting={submitting} onSubmit={submit} onFocus={preloadRules}>
          <PasswordField
            id={`${id}-current`}
            label="Current password"
            autoComplete="current-password"
            required
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <NewPasswordFields
            id={id}
            hint="Use 6 to 50 characters, not a common password."
            register={register}
            errors={errors}
          />
          <SubmitButton busy={submitting} busyLabel="Saving…" disabled={!isValid}>
            Change password
          </SubmitButton>
        </AuthForm>
      </div>
    </section>
  )
}
