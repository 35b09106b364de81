import { CartPage } from '../cart'
import { CheckoutSection } from './checkout-section'

/** The cart page of /cart-page: the cart's lines and totals with the checkout beside them. */
export function CartCheckoutPage() {
  return <CartPage checkout={(items) => <CheckoutSection items={items} />} />
}
