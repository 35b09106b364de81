import { accountMessages } from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { Link } from '../../../lib/router'
import { paths } from '../../../config/paths'
import { authenticate } from '../api/authenticate'
import { googleLogin } from '../api/google-login'
import { loginErrorMessage } from '../error-messages'
import { useCompleteLogin } from '../hooks/use-complete-login'
import { focusField, useFormState, type FieldErrors } from '../hooks/use-form-state'
import { FormAlert, type AlertMessage } from './form-alert'
import styles from './form.module.css'
import { GoogleSignIn } from './google-sign-in'
import { PasswordField } from './password-field'
import { SubmitButton } from './submit-button'
import { TextField } from './text-field'

type LoginField = 'username' | 'password'

// Spec section 5: both fields are required, nothing more.
function validateLogin(values: Record<LoginField, string>): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {}
  if (values.username.trim() === '') errors.username = 'Username is required'
  if (values.password === '') errors.password = 'Password is required'
  return errors
}

/**
 * The log-in form of /login, /test and /test2 (spec sections 2 and 4). `notice` is a message to show
 * before anything is tried, such as the note that a registration worked.
 */
export function LoginForm({ notice = null }: { notice?: AlertMessage | null }) {
  const id = useId()
  const completeLogin = useCompleteLogin()
  const form = useFormState({ username: '', password: '' }, validateLogin)
  const [rememberMe, setRememberMe] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<AlertMessage | null>(notice)

  const fail = (text: string) => {
    setMessage({ tone: 'error', text })
    setSubmitting(false)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting) return
    if (!form.isValid) {
      form.touchAll()
      focusField(event.currentTarget, form.invalidFields[0])
      return
    }
    setSubmitting(true)
    setMessage(null)
    try {
      // The spec's Remember me does nothing on the page; the server gives a ticked one a 30-day session.
      const token = await authenticate({
        username: form.values.username.trim(),
        password: form.values.password,
        rememberMe,
      })
      await completeLogin(token)
    } catch (error) {
      console.error('Login failed', error)
      fail(loginErrorMessage(error))
    }
  }

  const onGoogleCredential = async (credential: string | undefined) => {
    if (!credential) {
      fail(accountMessages.googleNoToken)
      return
    }
    setSubmitting(true)
    setMessage(null)
    try {
      await completeLogin(await googleLogin(credential))
    } catch (error) {
      console.error('Google login failed', error)
      fail(accountMessages.googleFailed)
    }
  }

  return (
    <div className={styles.form}>
      <FormAlert message={message} />
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id={`${id}-username`}
          label="Username or email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          required
          {...form.field('username')}
        />
        <PasswordField
          id={`${id}-password`}
          label="Password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <div className={styles.options}>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="rememberMe"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
            />
            Remember me
          </label>
          <Link to={paths.forgotPassword.getHref()} className={styles.link}>
            Forgot Password?
          </Link>
        </div>
        <SubmitButton busy={submitting} busyLabel="Logging in…">
          Log in
        </SubmitButton>
      </form>
      <p className={styles.divider}>or</p>
      <GoogleSignIn
        disabled={submitting}
        onCredential={(credential) => void onGoogleCredential(credential)}
        onError={() => fail(accountMessages.googleFailed)}
      />
      <p className={styles.footnote}>
        New to Larder?{' '}
        <Link to={paths.register.getHref()} className={styles.link}>
          Sign up
        </Link>
      </p>
    </div>
  )
}
