/**
 * The order the cart went to the payment page for. The confirmation page takes that order's lines out of
 * the cart when it is paid, and only then: the same page opened from the order history or the confirmation
 * e-mail, for an order paid long ago, must not touch a cart the shopper has filled since. Kept beside the
 * cart in local storage, so every tab sees it: the cart is one, and Create Order in a second tab must
 * cancel the order the first tab went to pay for, or the same cart could be paid twice.
 *
 * Beside it, the order's key (the server's accessKey): with it this browser reads and cancels that order
 * even when the session it was placed in has ended meanwhile (a log-out in another tab during the
 * payment). It goes when the order is taken, so it opens nothing once the confirmation page has been seen.
 */
const KEY = 'larder.checkoutOrderId'
const ORDER_KEY = 'larder.checkoutOrderKey'

export function rememberCheckout(orderId: string, orderKey: string): void {
  try {
    localStorage.setItem(KEY, orderId)
    localStorage.setItem(ORDER_KEY, JSON.stringify({ orderId, orderKey }))
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

/** The key of `orderId`, while it is the order the cart was sent to pay for. */
export function checkoutOrderKey(orderId: string): string | undefined {
  if (checkoutInProgress() !== orderId) return undefined
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ORDER_KEY) ?? 'null')
    if (typeof stored !== 'object' || stored === null) return undefined
    const { orderId: keyedOrder, orderKey } = stored as Record<string, unknown>
    return keyedOrder === orderId && typeof orderKey === 'string' ? orderKey : undefined
  } catch {
    return undefined
  }
}

/** Whether `orderId` is the order the cart was sent to pay for; forgets it, and its key, when it is. */
export function takeCheckout(orderId: string): boolean {
  if (checkoutInProgress() !== orderId) return false
  try {
    localStorage.removeItem(KEY)
    localStorage.removeItem(ORDER_KEY)
    return true
  } catch {
    return false
  }
}
