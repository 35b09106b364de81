import { PlaceholderPage } from '../../components/placeholder-page'

export function AccountPage() {
  return <PlaceholderPage heading="Your account" purpose="Your details and your orders." />
}
