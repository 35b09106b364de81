import Stripe from 'stripe'
import { beforeEach, describe, expect, it } from 'vitest'
import { WebhookSignatureError } from './payment-provider'
import { createStripeProvider } from './stripe'
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature'

const WEBHOOK_SECRET = 'whsec_contract'
const ORDER_ID = '5b0e9e0c-7a61-4b7e-9a52-3f1d2c4b5a69'

describe('Stripe webhook signatures through the SDK', () => {
  let now = new Date('2026-11-21T10:00:00Z')
  const provider = () =>
    createStripeProvider({ secretKey: 'sk_test_webhooks', webhookSecret: WEBHOOK_SECRET, clock: () => now })
  beforeEach(() => {
    now = new Date('2026-11-21T10:00:00Z')
  })

  const event = {
    id: 'evt_Contract',
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_Contract',
        object: 'checkout.session',
        client_reference_id: ORDER_ID,
        // Copied by Stripe from the payment link's metadata.
        metadata: { orderId: ORDER_ID },
        payment_intent: 'pi_Contract',
        payment_link: 'plink_Contract',
        payment_status: 'paid',
        amount_total: 660,
        currency: 'gbp',
      },
    },
  }
  const payload = JSON.stringify(event)

  it('accepts our Stripe-format signature and reads the event', () => {
    const parsed = provider().verifyWebhook(
      Buffer.from(payload),
      signWebhookPayload(payload, WEBHOOK_SECRET, now),
    )
    expect(parsed).toMatchObject({
      id: 'evt_Contract',
      type: 'checkout.session.completed',
      orderId: ORDER_ID,
      sessionId: 'cs_test_Contract',
      paymentIntentId: 'pi_Contract',
      paymentLinkId: 'plink_Contract',
      paymentStatus: 'paid',
      amountTotalPence: 660,
      currency: 'gbp',
    })
  })

  it('refuses a tampered body, another secret, a stale timestamp and no header', () => {
    const signature = signWebhookPayload(payload, WEBHOOK_SECRET, now)
    const tampered = Buffer.from(payload.replace('660', '1'))
    expect(() => provider().verifyWebhook(tampered, signature)).toThrow(WebhookSignatureError)
    const other = signWebhookPayload(payload, 'whsec_other', now)
    expect(() => provider().verifyWebhook(Buffer.from(payload), other)).toThrow(WebhookSignatureError)
    const signedEarlier = signature
    now = new Date(now.getTime() + 6 * 60 * 1000)
    expect(() => provider().verifyWebhook(Buffer.from(payload), signedEarlier)).toThrow(WebhookSignatureError)
    expect(() => provider().verifyWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError)
  })

  it("agrees with the SDK's own signer, which the sandbox's verifier accepts", () => {
    const timestamp = Math.floor(now.getTime() / 1000)
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp })
    expect(header).toBe(signWebhookPayload(payload, WEBHOOK_SECRET, now))
    expect(() => verifyWebhookSignature(Buffer.from(payload), header, WEBHOOK_SECRET, now)).not.toThrow()
  })
})
