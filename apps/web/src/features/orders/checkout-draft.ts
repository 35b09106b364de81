import type { CheckoutDraft, CheckoutFormValues } from './checkout-schema'

/**
 * What the shopper typed into the checkout form, kept from Create Order until the order is paid, so that
 * coming back from the payment page (to change the cart, or after a declined card) does not mean typing
 * the address again. Per tab (session storage): it goes with the tab, and another tab's shopper starts
 * afresh. It belongs to whoever typed it (an account's login, or null for a guest): after a logout or
 * another log-in in the same tab, the form starts from the new shopper's account instead, so nobody is
 * shown, or orders with, the last person's details.
 */
const KEY = 'larder.checkoutDraft'

/**
 * The stored text and the draft it holds, once checked against the form's schema (null when the form
 * would not accept it: a later release may have changed the form). The check needs zod, which the cart
 * page does not load at start, so the page's loader runs it before the page first renders
 * (checkCheckoutDraft); the form then reads the result at once, as it did when the check was synchronous.
 */
let checked: { text: string; draft: CheckoutDraft | null } | undefined

function storedText(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function saveCheckoutDraft(values: CheckoutFormValues, owner: string | null): void {
  try {
    const text = JSON.stringify({ owner, values })
    sessionStorage.setItem(KEY, text)
    // The values the form's schema has just passed on their way to Create Order: no need to check again.
    checked = { text, draft: { owner, values } }
  } catch {
    // Storage refused (private mode, quota): the form then starts empty again, as it did before.
  }
}

/**
 * Checks the draft kept in this tab, if there is one, loading the form's schema for it; does nothing when
 * there is none (most visits). Never rejects: should the schema fail to load, the form starts afresh.
 */
export async function checkCheckoutDraft(): Promise<void> {
  const text = storedText()
  if (text === null || checked?.text === text) return
  // A schema that failed to arrive leaves the draft unchecked, so the next visit of the page tries again.
  const schemas = await import('./checkout-schema').catch(() => null)
  if (schemas === null) return
  let draft: CheckoutDraft | null = null
  try {
    const parsed = schemas.CheckoutDraftSchema.safeParse(JSON.parse(text))
    if (parsed.success) draft = parsed.data
  } catch {
    // Not JSON: no draft the form could start from.
  }
  checked = { text, draft }
}

/**
 * `owner`'s draft, if there is one that the form would still accept. A draft that checkCheckoutDraft has
 * not seen counts as none: the form never starts from values it has not checked.
 */
export function readCheckoutDraft(owner: string | null): CheckoutFormValues | null {
  const text = storedText()
  if (text === null || checked === undefined || checked.text !== text) return null
  return checked.draft !== null && checked.draft.owner === owner ? checked.draft.values : null
}

export function forgetCheckoutDraft(): void {
  checked = undefined
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing kept, nothing to forget.
  }
}
