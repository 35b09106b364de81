import { accountMessages } from '@larder/shared'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { lazyZodResolver, usePreloadedResolver } from '../../../lib/lazy-zod-resolver'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { authenticate } from '../api/authenticate'
import { googleLogin } from '../api/google-login'
import { loginErrorMessage } from '../error-messages'
import { useCompleteLogin } from '../hooks/use-complete-login'
import { AuthForm } from './auth-form'
import { FormAlert, type AlertMessage } from './form-alert'
import styles from './form.module.css'
import { GoogleSignIn } from './google-sign-in'
import { PasswordField } from './password-field'
import { SubmitButton } from './submit-button'
import { TextField } from './text-field'

// Username and password required (form-schemas.ts), loaded after the page's first paint.
const resolver = lazyZodResolver(() => import('../form-schemas').then((m) => m.LoginFormSchema))

/**
 * The log-in form of /login, /test and /test2 (success stores the token and goes to '/'). `notice` is a
 * message to show before anything is tried, such as the note that a registration worked.
 */
export function LoginForm({ notice = null }: { notice?: AlertMessage | null }) {
  const id = useId()
  const completeLogin = useCompleteLogin()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: { username: '', password: '' },
    // Errors show once a field has been left or a submit tried; an invalid submit focuses the first.
    mode: 'onTouched',
  })
  const [rememberMe, setRememberMe] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<AlertMessage | null>(notice)
  const preloadRules = usePreloadedResolver(resolver)

  const fail = (text: string) => {
    setMessage({ tone: 'error', text })
    setSubmitting(false)
  }

  const submit = handleSubmit(async ({ username, password }) => {
    setSubmitting(true)
    setMessage(null)
    try {
      // The spec's Remember me does nothing on the page; the server gives a ticked one a 30-day session.
      const token = await authenticate({ username, password, rememberMe })
      await completeLogin(token)
    } catch (error) {
      console.error('Login failed', error)
      fail(loginErrorMessage(error))
    }
  })

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
      <AuthForm submitting={submitting} onSubmit={submit} onFocus={preloadRules}>
        <TextField
          id={`${id}-username`}
          label="Username or email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          required
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField
          id={`${id}-password`}
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
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
      </AuthForm>
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
