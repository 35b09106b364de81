import type { Order } from '@larder/shared'
import { CreditCard } from 'lucide-react'
import { useState } from 'react'
import { ApiError, tooManyAttemptsMessage } from '../../../lib/api-client'
import { loadPage } from '../../../lib/browser-location'
import { createPaymentLink } from '../../payments'

export const payNowMessages = {
  failed: 'We could not open the payment page just now. Please try again.',
} as const

// A refusal carries the shop's reason (sold out, off sale, closed meanwhile, too many tries); anything
// else, a lost connection or a fault on our side, is worth another press.
function refusal(error: unknown): string {
  if (!(error instanceof ApiError) || !error.fromServer || error.status < 400 || error.status >= 500) {
    return payNowMessages.failed
  }
  return error.status === 429 ? tooManyAttemptsMessage(error.retryAfterSeconds) : error.message
}

/**
 * "Pay now" for an order still open to payment: a payment page from the route the cart page uses, built
 * by the server from the order's stored lines after a fresh stock check, so whether it can still be paid
 * (in stock, on sale, not closed since) is the server's call. On a refusal the page shows the reason
 * (`onProblem`) and reads the order again, which may have been closed meanwhile.
 */
export function PayNow({
  order,
  orderKey,
  onProblem,
}: {
  order: Order
  orderKey: string | undefined
  /** The reason it could not be paid now, for the page to show; undefined as a new try starts. */
  onProblem: (problem: string | undefined) => void
}) {
  const [busy, setBusy] = useState(false)
  const pay = async () => {
    setBusy(true)
    onProblem(undefined)
    try {
      // The items as the cart page sends them; the server reads only the order's id from them.
      const items = order.orderProducts.map((line) => ({
        priceId: line.stripePriceId,
        quantity: line.quantity,
        orderId: order.id,
        productIds: [String(line.productId)],
      }))
      const { paymentLinkUrl } = await createPaymentLink(
        items.length > 0 ? items : [{ orderId: order.id }],
        orderKey,
      )
      loadPage(paymentLinkUrl)
    } catch (error) {
      console.warn('Could not open the payment page of an order', error)
      setBusy(false)
      onProblem(refusal(error))
    }
  }
  return (
    <button type="button" className="button-primary" onClick={() => void pay()} disabled={busy}>
      <CreditCard aria-hidden="true" size={18} />
      {busy ? 'Opening the payment page…' : 'Pay now'}
    </button>
  )
}
