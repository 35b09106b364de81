import { RegisterSchema } from '@larder/shared'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Link, useNavigate } from '../../lib/router'
import { paths } from '../../config/paths'
import { getAppCheckToken } from '../../lib/app-check'
import { registerAccount } from './api/register'
import { AuthLayout } from './components/auth-layout'
import { FormAlert, type AlertMessage } from './components/form-alert'
import styles from './components/form.module.css'
import { PasswordField } from './components/password-field'
import { SubmitButton } from './components/submit-button'
import { TextField } from './components/text-field'
import { registerErrorMessage } from './error-messages'
import { firstIssuePerField, focusField, useFormState } from './hooks/use-form-state'
import { useSignedInLead } from './hooks/use-signed-in-lead'

type RegisterField = 'login' | 'firstName' | 'lastName' | 'email' | 'password'

const EMPTY: Record<RegisterField, string> = {
  login: '',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
}

// The shared schema holds every rule and message of spec section 5, the same the server applies.
function validateRegistration(values: Record<RegisterField, string>) {
  const result = RegisterSchema.safeParse(values)
  return result.success ? {} : firstIssuePerField<RegisterField>(result.error.issues)
}

export function RegisterPage() {
  const id = useId()
  const navigate = useNavigate()
  const form = useFormState(EMPTY, validateRegistration)
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<AlertMessage | null>(null)
  const lead = useSignedInLead(
    'Register to check out faster and keep track of your orders.',
    'create another account below',
  )

  // The app-integrity proof of work runs while the shopper types, so Register doesn't wait for it.
  useEffect(() => {
    void getAppCheckToken()
  }, [])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = RegisterSchema.safeParse(form.values)
    if (submitting) return
    if (!parsed.success) {
      form.touchAll()
      focusField(event.currentTarget, form.invalidFields[0])
      return
    }
    setSubmitting(true)
    setMessage(null)
    try {
      const { login, firstName, lastName, email, password } = parsed.data
      await registerAccount({ login, firstName, lastName, email, password })
      navigate(paths.login.getHref(), { state: { registered: true } })
    } catch (error) {
      // The spec only logs a failed registration; the server's reason is shown as well, as it helps.
      console.error('Registration failed', error)
      setMessage({ tone: 'error', text: registerErrorMessage(error) })
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout heading="Create an account" eyebrow="Join Larder" lead={lead}>
      <div className={styles.form}>
        <FormAlert message={message} />
        <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            id={`${id}-login`}
            label="Username"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            {...form.field('login')}
          />
          <div className={styles.row}>
            <TextField
              id={`${id}-first-name`}
              label="First name"
              autoComplete="given-name"
              required
              {...form.field('firstName')}
            />
            <TextField
              id={`${id}-last-name`}
              label="Last name"
              autoComplete="family-name"
              required
              {...form.field('lastName')}
            />
          </div>
          <TextField
            id={`${id}-email`}
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
          />
          <PasswordField
            id={`${id}-password`}
            label="Password"
            autoComplete="new-password"
            hint="Use 6 to 50 characters."
            required
            {...form.field('password')}
          />
          <SubmitButton busy={submitting} busyLabel="Registering…" disabled={!form.isValid}>
            Register
          </SubmitButton>
        </form>
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
