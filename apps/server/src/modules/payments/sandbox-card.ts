export const cardMessages = {
  invalidNumber: 'Your card number is invalid.',
  declined: 'Your card was declined.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  notTaken:
    'Your payment could not be taken just now, and nothing was charged. Please try again in a moment.',
}

/** What the sandbox payment page's form sends. */
export interface CardFormValues {
  email: string
  cardNumber: string
  expiry: string
  cvc: string
  name: string
}

/** The card fields the sandbox checks, in the order the form shows them. */
export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const
export type CardField = (typeof CARD_FIELDS)[number]
export type CardErrors = Partial<Record<CardField, string>>

export type CardOutcome =
  { kind: 'pays' } | { kind: 'declined'; message: string } | { kind: 'invalid'; errors: CardErrors }

/** Stripe's test cards: 4242… pays, 4000 0000 0000 0002 is declined; no other number is accepted here. */
const PAYS = '4242424242424242'
const DECLINED = '4000000000000002'

/**
 * The month and year of an expiry as typed: `12 / 30`, `12/2030`, or the bare digits `1230` that a form
 * without its script sends (the page's script writes `12 / 30` as the shopper types).
 */
export function parseExpiry(text: string | undefined): { month: number; year: number } | undefined {
  const value = (text ?? '').trim()
  const parts = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(value)
  if (!parts?.[1] || !parts[2]) return undefined
  const month = Number(parts[1])
  if (month < 1 || month > 12) return undefined
  return { month, year: Number(parts[2]) + (parts[2].length === 2 ? 2000 : 0) }
}

/** An expiry of bare digits written as the script writes it (`1230` → `12 / 30`); anything else as it is. */
export function formatExpiry(text: string | undefined): string {
  const value = (text ?? '').trim()
  const digits = /^\d{3,4}$/.test(value) ? value : undefined
  return digits ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : value
}

/**
 * What the sandbox does with a submitted card form. Every field's mistake is reported at once, as
 * Stripe's form marks each field it cannot take, so a shopper corrects them in one go; only a card whose
 * fields are all complete is charged or declined.
 */
export function judgeCard(values: Partial<CardFormValues>, now: Date): CardOutcome {
  const errors: CardErrors = {}
  const digits = (values.cardNumber ?? '').replace(/[\s-]/g, '')
  if (digits !== PAYS && digits !== DECLINED) errors.cardNumber = cardMessages.invalidNumber
  const expiry = parseExpiry(values.expiry)
  if (!expiry) errors.expiry = cardMessages.expiryIncomplete
  // A card is good until the end of its expiry month.
  else if (Date.UTC(expiry.year, expiry.month, 1) <= now.getTime()) errors.expiry = cardMessages.expiryPast
  if (!/^\d{3,4}$/.test((values.cvc ?? '').trim())) errors.cvc = cardMessages.cvcIncomplete
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors }
  return digits === PAYS ? { kind: 'pays' } : { kind: 'declined', message: cardMessages.declined }
}
