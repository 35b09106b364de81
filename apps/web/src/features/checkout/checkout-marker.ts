/**
 * The order this tab's cart went to the payment page for. The confirmation page empties the cart when that
 * order is paid, and only then: the same page opened from the order history or the confirmation e-mail, for
 * an order paid long ago, must not take away a cart the shopper has filled since. Per tab (session
 * storage), like the trip to the payment page and back.
 */
const KEY = 'larder.checkoutOrderId'

export function rememberCheckout(orderId: string): void {
  try {
    sessionStorage.setItem(KEY, orderId)
  } catch {
    // Storage refused (private mode, quota): the cart is then kept after payment, never lost.
  }
}

/** The order this tab's cart was last sent to pay for, until its confirmation page has been seen. */
export function checkoutInProgress(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

/** Whether `orderId` is the order this tab's cart was sent to pay for; forgets it when it is. */
export function takeCheckout(orderId: string): boolean {
  if (checkoutInProgress() !== orderId) return false
  try {
    sessionStorage.removeItem(KEY)
    return true
  } catch {
    return false
  }
}
