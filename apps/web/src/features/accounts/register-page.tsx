import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { getAppCheckToken } from '../../lib/app-check'
import { lazyZodResolver, usePreloadedResolver } from '../../lib/lazy-zod-resolver'
import { registerAccount } from './api/register'
import { AuthLayout } from './components/auth-layout'
import { AuthForm } from './components/auth-form'
import { FormAlert, type AlertMessage } from './components/form-alert'
import styles from './components/form.module.css'
import { PasswordField } from './components/password-field'
import { SubmitButton } from './components/submit-button'
import { TextField } from './components/text-field'
import { registerErrorMessage } from './error-messages'
import { useSignedInLead } from './hooks/use-signed-in-lead'

// The shared RegisterSchema (form-schemas.ts), loaded after the page's first paint.
const resolver = lazyZodResolver(() => import('./form-schemas').then((m) => m.RegisterSchema))

const EMPTY = { login: '', firstName: '', lastName: '', email: '', password: '' }

export function RegisterPage() {
  const id = useId()
  const navigate = useNavigate()
  // The shared schema holds every registration rule and message, the same the server applies. Errors
  // show once a field has been left or a submit tried; Register waits for every rule.
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState,
    formState: { errors, isValid, isSubmitted },
  } = useForm({ resolver, defaultValues: EMPTY, mode: 'onTouched' })
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<AlertMessage | null>(null)
  const preloadRules = usePreloadedResolver(resolver)
  const lead = useSignedInLead(
    'Register to check out faster and keep track of your orders.',
    'create another account below',
  )

  // The app-integrity proof of work runs while the shopper types, so Register doesn't wait for it.
  useEffect(() => {
    void getAppCheckToken()
  }, [])

  const submit = handleSubmit(async ({ login, firstName, lastName, email, password }) => {
    setSubmitting(true)
    setMessage(null)
    try {
      await registerAccount({ login, firstName, lastName, email, password })
      navigate(paths.login.getHref(), { state: { registered: true } })
    } catch (error) {
      // The spec only logs a failed registration; the server's reason is shown as well, as it helps.
      console.error('Registration failed', error)
      setMessage({ tone: 'error', text: registerErrorMessage(error) })
      setSubmitting(false)
    }
  })

  // A username with @ must be the account's own address: the username's message follows the e-mail as it
  // is typed, once the username has been left.
  const recheckLogin = () => {
    if (getFieldState('login', formState).isTouched || isSubmitted) void trigger('login')
  }

  return (
    <AuthLayout heading="Create an account" eyebrow="Join Larder" lead={lead}>
      <div className={styles.form}>
        <FormAlert message={message} />
        <AuthForm submitting={submitting} onSubmit={submit} onFocus={preloadRules}>
          <TextField
            id={`${id}-login`}
            label="Username"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            error={errors.login?.message}
            {...register('login')}
          />
          <div className={styles.row}>
            <TextField
              id={`${id}-first-name`}
              label="First name"
              autoComplete="given-name"
              required
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              id={`${id}-last-name`}
              label="Last name"
              autoComplete="family-name"
              required
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <TextField
            id={`${id}-email`}
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email', { onChange: recheckLogin })}
          />
          <PasswordField
            id={`${id}-password`}
            label="Password"
            autoComplete="new-password"
            hint="Use 6 to 50 characters."
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <SubmitButton busy={submitting} busyLabel="Registering…" disabled={!isValid}>
            Register
          </SubmitButton>
        </AuthForm>
        <p className={styles.footnote}>
          Already have an account?{' '}
          <Link to={paths.login.getHref()} className={styles.link}>
            Log in
          </Link>
        </p>
      </div>
    </AuthLayout>
  )
}
