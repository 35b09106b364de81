import { sandboxId } from '../../providers/payments/sandbox'
import type { SandboxCheckout } from '../../providers/payments/sandbox-store'

/** The API version the sandbox's events claim, as Stripe stamps every event with one. */
const API_VERSION = '2026-10-28.endive'

const envelope = (type: string, object: Record<string, unknown>, now: Date) => ({
  id: sandboxId('evt'),
  object: 'event',
  api_version: API_VERSION,
  created: Math.floor(now.getTime() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object },
})

/** What Stripe sends when a payment link's or checkout session's payment succeeds. */
export function sessionCompletedEvent(
  checkout: SandboxCheckout,
  payment: {
    sessionId: string
    paymentIntentId: string
    clientReferenceId: string | undefined
    email: string
    name: string
    now: Date
  },
) {
  return envelope(
    'checkout.session.completed',
    {
      id: payment.sessionId,
      object: 'checkout.session',
      amount_subtotal: checkout.amountTotalPence,
      amount_total: checkout.amountTotalPence,
      currency: checkout.currency,
      client_reference_id:
        checkout.kind === 'checkout_session' ? checkout.orderId : (payment.clientReferenceId ?? null),
      customer_details: { email: payment.email || null, name: payment.name || null },
      customer_email: checkout.customerEmail,
      livemode: false,
      metadata: { orderId: checkout.orderId },
      mode: 'payment',
      payment_intent: payment.paymentIntentId,
      payment_link: checkout.kind === 'payment_link' ? checkout.id : null,
      payment_method_types: ['card'],
      payment_status: 'paid',
      status: 'complete',
      success_url: checkout.afterPaymentUrl,
    },
    payment.now,
  )
}

/** What Stripe sends when a card is declined: the payment intent, named by the order in its metadata. */
export function paymentFailedEvent(
  checkout: SandboxCheckout,
  payment: { paymentIntentId: string; message: string; now: Date },
) {
  return envelope(
    'payment_intent.payment_failed',
    {
      id: payment.paymentIntentId,
      object: 'payment_intent',
      amount: checkout.amountTotalPence,
      currency: checkout.currency,
      livemode: false,
      metadata: { orderId: checkout.orderId },
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: payment.message,
      },
    },
    payment.now,
  )
}
