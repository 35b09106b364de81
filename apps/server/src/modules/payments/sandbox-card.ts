import type { CardFormValues } from './sandbox-page.html'

export const cardMessages = {
  invalidNumber: 'Your card number is invalid.',
  declined: 'Your card was declined.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  notTaken:
    'Your payment could not be taken just now, and nothing was charged. Please try again in a moment.',
}

export type CardOutcome = { kind: 'pays' } | { kind: 'declined' | 'invalid'; message: string }

/** Stripe's test cards: 4242… pays, 4000 0000 0000 0002 is declined; no other number is accepted here. */
const PAYS = '4242424242424242'
const DECLINED = '4000000000000002'

/** What the sandbox does with a submitted card form, checked in the order Stripe's form shows its errors. */
export function judgeCard(values: Partial<CardFormValues>, now: Date): CardOutcome {
  const digits = (values.cardNumber ?? '').replace(/[\s-]/g, '')
  if (digits !== PAYS && digits !== DECLINED) return { kind: 'invalid', message: cardMessages.invalidNumber }
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec((values.expiry ?? '').trim())
  const month = Number(expiry?.[1])
  if (!expiry || month < 1 || month > 12) return { kind: 'invalid', message: cardMessages.expiryIncomplete }
  const year = Number(expiry[2]) + ((expiry[2] ?? '').length === 2 ? 2000 : 0)
  // A card is good until the end of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return { kind: 'invalid', message: cardMessages.expiryPast }
  if (!/^\d{3,4}$/.test((values.cvc ?? '').trim()))
    return { kind: 'invalid', message: cardMessages.cvcIncomplete }
  return digits === PAYS ? { kind: 'pays' } : { kind: 'declined', message: cardMessages.declined }
}
