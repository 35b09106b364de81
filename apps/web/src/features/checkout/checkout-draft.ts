import { z } from 'zod'
import { CheckoutFormSchema, type CheckoutFormValues } from './checkout-schema'

/**
 * What the shopper typed into the checkout form, kept from Create Order until the order is paid, so that
 * coming back from the payment page (to change the cart, or after a declined card) does not mean typing
 * the address again. Per tab (session storage): it goes with the tab, and another tab's shopper starts
 * afresh. It belongs to whoever typed it (an account's login, or null for a guest): after a logout or
 * another log-in in the same tab, the form starts from the new shopper's account instead, so nobody is
 * shown, or orders with, the last person's details.
 */
const KEY = 'larder.checkoutDraft'
const DraftSchema = z.object({ owner: z.string().nullable(), values: CheckoutFormSchema })

export function saveCheckoutDraft(values: CheckoutFormValues, owner: string | null): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ owner, values }))
  } catch {
    // Storage refused (private mode, quota): the form then starts empty again, as it did before.
  }
}

/** `owner`'s draft, if there is one that the form would still accept (a later release may have changed it). */
export function readCheckoutDraft(owner: string | null): CheckoutFormValues | null {
  try {
    const stored = sessionStorage.getItem(KEY)
    if (stored === null) return null
    const draft = DraftSchema.safeParse(JSON.parse(stored))
    return draft.success && draft.data.owner === owner ? draft.data.values : null
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
