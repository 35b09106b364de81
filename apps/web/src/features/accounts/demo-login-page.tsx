import { AuthLayout } from './components/auth-layout'
import { LoginForm } from './components/login-form'

// /test and /test2 are the spec's two demo login screens: the same form in a different frame.
export function DemoLoginPage() {
  return (
    <AuthLayout
      heading="Demo login"
      eyebrow="Demo"
      lead="A demonstration of the Larder log-in screen. It logs you in for real."
    >
      <LoginForm />
    </AuthLayout>
  )
}

export function DemoLoginPage2() {
  return (
    <AuthLayout
      heading="Demo login 2"
      eyebrow="Demo"
      lead="A second demonstration log-in screen, with the same form as the first."
    >
      <LoginForm />
    </AuthLayout>
  )
}
