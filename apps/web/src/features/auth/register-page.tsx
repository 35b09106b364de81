import { PlaceholderPage } from '../../components/placeholder-page'

export function RegisterPage() {
  return (
    <PlaceholderPage
      heading="Create an account"
      purpose="Register to check out faster and see your orders."
    />
  )
}
