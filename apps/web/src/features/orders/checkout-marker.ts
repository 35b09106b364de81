/**
 * The order the cart went to the payment page for. The confirmation page takes that order's lines out of
 * the cart when it is paid, and only then: the same page opened from the order history or the confirmation
 * e-mail, for an order paid long ago, must not touch a cart the shopper has filled since. Kept beside the
 * cart in local storage, so every tab sees it: the cart is one, and Create Order in a second tab must
 * cancel the order the first tab went to pay for, or the same cart could be paid twice.
 *
 * Beside it, the order's key (the server's accessKey): with it this browser reads and cancels that order
 * even when the session it was placed in has ended meanwhile (a log-out in another tab during the
 * payment). When the order is taken, the key leaves the shared storage and stays with the tab that took it
 * (session storage), so a reload of that confirmation page still shows the order, and no other tab, nor
 * the tab's next visitor once it is closed, can open it.
 */
const KEY = 'larder.checkoutOrderId'
const ORDER_KEY = 'larder.checkoutOrderKey'
const TAKEN_ORDER_KEY = 'larder.takenOrderKey'

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

// Storage is reached inside the try: merely naming it throws where the browser has it switched off.
function keyIn(storage: () => Storage, name: string, orderId: string): string | undefined {
  try {
    const stored: unknown = JSON.parse(storage().getItem(name) ?? 'null')
    if (typeof stored !== 'object' || stored === null) return undefined
    const { orderId: keyedOrder, orderKey } = stored as Record<string, unknown>
    return keyedOrder === orderId && typeof orderKey === 'string' ? orderKey : undefined
  } catch {
    return undefined
  }
}

/** The key of `orderId`: while it is the order the cart was sent to pay for, or in the tab that took it. */
export function checkoutOrderKey(orderId: string): string | undefined {
  if (checkoutInProgress() === orderId) return keyIn(() => localStorage, ORDER_KEY, orderId)
  return keyIn(() => sessionStorage, TAKEN_ORDER_KEY, orderId)
}

/**
 * Whether `orderId` is the order the cart was sent to pay for; forgets it when it is, and hands its key
 * over to this tab alone.
 */
export function takeCheckout(orderId: string): boolean {
  if (checkoutInProgress() !== orderId) return false
  const orderKey = keyIn(() => localStorage, ORDER_KEY, orderId)
  try {
    localStorage.removeItem(KEY)
    localStorage.removeItem(ORDER_KEY)
  } catch {
    return false
  }
  try {
    if (orderKey === undefined) sessionStorage.removeItem(TAKEN_ORDER_KEY)
    else sessionStorage.setItem(TAKEN_ORDER_KEY, JSON.stringify({ orderId, orderKey }))
  } catch {
    // Without it, a reload of the confirmation page asks as whoever is logged in.
  }
  return true
}
