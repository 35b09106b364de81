import { PlaceholderPage } from '../../components/placeholder-page'

export function GooglePayPage() {
  return <PlaceholderPage heading="Google Pay" purpose="A Google Pay button in test mode." />
}
