import Stripe from 'stripe'
import type { Clock } from '../../lib/clock'
import {
  idempotencyKeys,
  WebhookSignatureError,
  type CheckoutLine,
  type StripePaymentProvider,
} from './payment-provider'
import { parseStripeEvent } from './stripe-event'
import { WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature'

export interface StripeProviderOptions {
  secretKey: string
  webhookSecret: string
  clock: Clock
  /** `http://127.0.0.1:12111` style base for a local stand-in (contract tests); Stripe's own API when unset. */
  apiBase?: string | undefined
}

const CURRENCY = 'gbp'
const INACTIVE_MESSAGE = 'This order has already been paid, or its payment link was replaced by a newer one.'

function connection(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {}
  const url = new URL(apiBase)
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  }
}

const lineItems = (lines: CheckoutLine[]) =>
  lines.map((line) => ({ price: line.priceId, quantity: line.quantity }))

/** Stripe through its official SDK: products, prices, payment links, checkout sessions, refunds, webhooks. */
export function createStripeProvider(options: StripeProviderOptions): StripePaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...connection(options.apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Larder' },
  })
  const orderMetadata = (orderId: string) => ({ orderId })

  return {
    kind: 'stripe',

    async registerProduct(product) {
      const created = await stripe.products.create(
        {
          name: product.name,
          ...(product.description ? { description: product.description.slice(0, 500) } : {}),
          ...(product.images.length > 0 ? { images: product.images.slice(0, 8) } : {}),
          metadata: { larderProductId: String(product.productId) },
        },
        { idempotencyKey: idempotencyKeys.product(product.productId) },
      )
      return { productId: created.id }
    },

    async registerPrice({ providerProductId, unitAmountPence, idempotencyKey }) {
      const price = await stripe.prices.create(
        { product: providerProductId, unit_amount: unitAmountPence, currency: CURRENCY },
        { idempotencyKey },
      )
      return { priceId: price.id }
    },

    async ensureDeliveryPrice(unitAmountPence) {
      const product = await stripe.products.create(
        { name: 'Delivery', description: 'Flat delivery charge', metadata: { larderDelivery: 'true' } },
        { idempotencyKey: idempotencyKeys.deliveryProduct() },
      )
      const price = await stripe.prices.create(
        { product: product.id, unit_amount: unitAmountPence, currency: CURRENCY },
        { idempotencyKey: idempotencyKeys.deliveryPrice(unitAmountPence) },
      )
      return { productId: product.id, priceId: price.id }
    },

    async createPaymentLink(request) {
      const link = await stripe.paymentLinks.create(
        {
          line_items: lineItems(request.lines),
          metadata: orderMetadata(request.orderId),
          payment_intent_data: { metadata: orderMetadata(request.orderId) },
          restrictions: { completed_sessions: { limit: 1 } },
          after_completion: { type: 'redirect', redirect: { url: request.afterPaymentUrl } },
          inactive_message: INACTIVE_MESSAGE,
        },
        { idempotencyKey: request.idempotencyKey },
      )
      // Payment links take the reference as a URL parameter; Stripe copies it onto the checkout session.
      const url = new URL(link.url)
      url.searchParams.set('client_reference_id', request.orderId)
      return { id: link.id, url: url.toString() }
    },

    async deactivatePaymentLink(id) {
      await stripe.paymentLinks.update(id, { active: false })
    },

    async createCheckoutSession(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems(request.lines),
          success_url: request.afterPaymentUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.orderId,
          metadata: orderMetadata(request.orderId),
          payment_intent_data: { metadata: orderMetadata(request.orderId) },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      )
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`)
      return { id: session.id, url: session.url }
    },

    async expireCheckoutSession(id) {
      await stripe.checkout.sessions.expire(id)
    },

    async refund({ paymentIntentId, orderId }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, metadata: orderMetadata(orderId) },
        { idempotencyKey: idempotencyKeys.refund(paymentIntentId) },
      )
      return { refundId: refund.id }
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header')
      let event: unknown
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          options.clock().getTime(),
        )
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature')
      }
      return parseStripeEvent(event)
    },
  }
}
