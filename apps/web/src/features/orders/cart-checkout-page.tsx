import { CartPage } from '../cart'
import { checkCheckoutDraft } from './checkout-draft'
import { CheckoutSection } from './checkout-section'

/** The cart page of /cart-page: the cart's lines and totals with the checkout beside them. */
export function CartCheckoutPage() {
  return <CartPage checkout={(items) => <CheckoutSection items={items} />} />
}

/**
 * The page, for the route table to render once a checkout draft kept in this tab has been checked, so
 * that the form starts from it in its first render, as before the check needed a lazily loaded schema
 * (checkout-draft.ts). Without a draft, as on most visits, nothing more is loaded. The route table loads a
 * page once per tab, which is enough: later in the tab a draft only comes from saveCheckoutDraft, which
 * records it as checked.
 */
export async function loadCartCheckoutPage(): Promise<typeof CartCheckoutPage> {
  await checkCheckoutDraft()
  return CartCheckoutPage
}
