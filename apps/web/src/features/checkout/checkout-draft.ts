import { CheckoutFormSchema, type CheckoutFormValues } from './checkout-schema'

/**
 * What the shopper typed into the checkout form, kept from Create Order until the order is paid, so that
 * coming back from the payment page (to change the cart, or after a declined card) does not mean typing
 * the address again. Per tab (session storage): it goes with the tab, and another tab's shopper starts
 * afresh.
 */
const KEY = 'larder.checkoutDraft'

export function saveCheckoutDraft(values: CheckoutFormValues): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(values))
  } catch {
    // Storage refused (private mode, quota): the form then starts empty again, as it did before.
  }
}

/** The draft, if there is one that the form would still accept (a later release may have changed it). */
export function readCheckoutDraft(): CheckoutFormValues | null {
  try {
    const stored = sessionStorage.getItem(KEY)
    if (stored === null) return null
    const draft = CheckoutFormSchema.safeParse(JSON.parse(stored))
    return draft.success ? draft.data : null
  } catch {
    return null
  }
}

export function forgetCheckoutDraft(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing kept, nothing to forget.
  }
}
