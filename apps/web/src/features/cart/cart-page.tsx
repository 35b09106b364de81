import { PlaceholderPage } from '../../components/placeholder-page'

export function CartPage() {
  return <PlaceholderPage heading="Shopping cart" purpose="Your cart, delivery details and payment." />
}
