/**
 * The order the cart went to the payment page for. The confirmation page takes that order's lines out of
 * the cart when it is paid, and only then: the same page opened from the order history or the confirmation
 * e-mail, for an order paid long ago, must not touch a cart the shopper has filled since. Kept beside the
 * cart in local storage, so every tab sees it: the cart is one, and Create Order in a second tab must
 * cancel the order the first tab went to pay for, or the same cart could be paid twice.
 */
const KEY = 'larder.checkoutOrderId'

export function rememberCheckout(orderId: string): void {
  try {
    localStorage.setItem(KEY, orderId)
  } catch {
    // Storage refused (private mode, quota): the cart is then kept after payment, never lost.
  }
}

/** The order the cart was last sent to pay for, until its confirmation page has been seen. */
export function checkoutInProgress(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

/** Whether `orderId` is the order the cart was sent to pay for; forgets it when it is. */
export function takeCheckout(orderId: string): boolean {
  if (checkoutInProgress() !== orderId) return false
  try {
    localStorage.removeItem(KEY)
    return true
  } catch {
    return false
  }
}
