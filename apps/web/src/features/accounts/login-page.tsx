import { useLocation } from '../../framework/routing/router'
import { AuthLayout } from './components/auth-layout'
import type { AlertMessage } from './components/form-alert'
import { LoginForm } from './components/login-form'
import { useSignedInLead } from './hooks/use-signed-in-lead'

/** The register page arrives here with `{ registered: true }` in the history state. */
export function cameFromRegistration(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'registered' in state && state.registered === true
}

const REGISTERED: AlertMessage = {
  tone: 'success',
  text: 'Your account has been created. Please log in.',
}

export function LoginPage() {
  const { state } = useLocation()
  const lead = useSignedInLead('Log in with your username or e-mail address.', 'log in below as someone else')
  return (
    <AuthLayout heading="Log in" eyebrow="Welcome back" lead={lead}>
      <LoginForm notice={cameFromRegistration(state) ? REGISTERED : null} />
    </AuthLayout>
  )
}
