import { PlaceholderPage } from '../../components/placeholder-page'

export function LoginPage() {
  return <PlaceholderPage heading="Log in" purpose="Log in with your username or e-mail, or with Google." />
}
