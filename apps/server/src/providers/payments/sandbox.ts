import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Database } from '../../db/client'
import type { Clock } from '../../lib/clock'
import {
  idempotencyKeys,
  reconciledEventId,
  type CheckoutLine,
  type HostedPaymentRequest,
  type SandboxPaymentProvider,
} from './payment-provider'
import { createSandboxCheckoutStore, type SandboxCheckout } from './sandbox-store'
import { parseStripeEventBody } from './stripe-event'
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature'

export const SANDBOX_PAGE_PATH = '/sandbox/pay'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const toBase62 = (bytes: Buffer, length = 24) =>
  Array.from(bytes.subarray(0, length), (byte) => BASE62[byte % 62]).join('')

/** A fresh Stripe-shaped id (`pi_…`, `evt_…`, `cs_…`). */
export const sandboxId = (prefix: string) => `${prefix}_${toBase62(randomBytes(24))}`

/** The webhook secret when STRIPE_WEBHOOK_SECRET is unset: derived, so it never has to be configured. */
export const sandboxWebhookSecret = (jwtSecret: string) =>
  `whsec_${createHash('sha256').update(`${jwtSecret}:sandbox-webhook`).digest('base64url')}`

const totalOf = (lines: CheckoutLine[]) =>
  lines.reduce((sum, line) => sum + line.unitAmountPence * line.quantity, 0)

export interface SandboxProviderOptions {
  db: Database
  webhookSecret: string
  publicUrl: string
  clock: Clock
}

/**
 * A stand-in for Stripe with no account: Stripe-shaped ids, a hosted payment page served by this app
 * (modules/payments/sandbox-page.routes.ts) and Stripe-format signed webhooks to the shop's own handler.
 * Ids for an idempotency key are derived from it, so the same request gives the same object, as at Stripe.
 */
export function createSandboxProvider(options: SandboxProviderOptions): SandboxPaymentProvider {
  const checkouts = createSandboxCheckoutStore(options.db)
  const idFor = (prefix: string, idempotencyKey: string) =>
    `${prefix}_${toBase62(createHmac('sha256', options.webhookSecret).update(idempotencyKey).digest())}`

  async function hostedPage(
    kind: SandboxCheckout['kind'],
    prefix: string,
    request: HostedPaymentRequest,
    customerEmail: string | undefined,
  ) {
    const id = idFor(prefix, request.idempotencyKey)
    const page = await checkouts.create({
      id,
      kind,
      orderId: request.orderId,
      lineItems: request.lines.map(({ name, priceId, quantity, unitAmountPence }) => ({
        name,
        priceId,
        quantity,
        unitAmountPence,
      })),
      amountTotalPence: totalOf(request.lines),
      currency: 'gbp',
      afterPaymentUrl: request.afterPaymentUrl,
      customerEmail: customerEmail ?? null,
    })
    return { id: page.id, url: `${options.publicUrl}${SANDBOX_PAGE_PATH}/${page.id}` }
  }

  return {
    kind: 'sandbox',
    checkouts,

    async registerProduct(product) {
      return { productId: idFor('prod', idempotencyKeys.product(product.productId)) }
    },

    async registerPrice({ idempotencyKey }) {
      return { priceId: idFor('price', idempotencyKey) }
    },

    async ensureDeliveryPrice(unitAmountPence) {
      return {
        productId: idFor('prod', idempotencyKeys.deliveryProduct()),
        priceId: idFor('price', idempotencyKeys.deliveryPrice(unitAmountPence)),
      }
    },

    async createPaymentLink(request) {
      const page = await hostedPage('payment_link', 'plink', request, request.customerEmail)
      // As with Stripe, the order travels as a URL parameter and comes back on the completed session.
      return { id: page.id, url: `${page.url}?client_reference_id=${encodeURIComponent(request.orderId)}` }
    },

    deactivatePaymentLink: (id) => checkouts.deactivate(id),

    createCheckoutSession: (request) =>
      hostedPage('checkout_session', 'cs_test', request, request.customerEmail),

    expireCheckoutSession: (id) => checkouts.deactivate(id),

    async refund({ paymentIntentId, idempotencyKey }) {
      return { refundId: idFor('re', idempotencyKey ?? idempotencyKeys.refund(paymentIntentId)) }
    },

    /** Every page of the order that took a payment, replaced ones included: the sandbox keeps them all. */
    async completedPayments({ orderId }) {
      return (await checkouts.paidPagesOf(orderId)).flatMap((page) =>
        page.sessionId && page.paymentIntentId
          ? [
              {
                id: reconciledEventId(page.sessionId),
                type: 'checkout.session.completed',
                orderId,
                sessionId: page.sessionId,
                paymentIntentId: page.paymentIntentId,
                paymentLinkId: page.kind === 'payment_link' ? page.id : undefined,
                paymentStatus: 'paid',
                amountTotalPence: page.amountTotalPence,
                currency: page.currency,
                paymentMethod: 'card',
              },
            ]
          : [],
      )
    },

    verifyWebhook(rawBody, signatureHeader) {
      verifyWebhookSignature(rawBody, signatureHeader, options.webhookSecret, options.clock())
      return parseStripeEventBody(rawBody)
    },

    signWebhook: (payload) => signWebhookPayload(payload, options.webhookSecret, options.clock()),
  }
}
