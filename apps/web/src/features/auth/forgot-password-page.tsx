import { PlaceholderPage } from '../../components/placeholder-page'

export function ForgotPasswordPage() {
  return (
    <PlaceholderPage
      heading="Forgot your password?"
      purpose="Enter your e-mail address and we will send you a link to reset your password."
    />
  )
}
