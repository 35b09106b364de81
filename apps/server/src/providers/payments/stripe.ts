import Stripe from 'stripe'
import type { Clock } from '../../lib/clock'
import {
  idempotencyKeys,
  reconciledEventId,
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

/** Stripe takes at most 20 line items on a payment link and 100 on a checkout session. */
export const STRIPE_MAX_LINE_ITEMS = { paymentLink: 20, checkoutSession: 100 } as const
const SUMMARY_DESCRIPTION_LENGTH = 500

/**
 * The lines as Stripe line items, at most `max` of them. A bigger basket keeps its first lines as they are
 * and pays the rest as one line of their total that names what it holds, so the page still charges the
 * order's exact amount (the webhook checks it against the order).
 */
function lineItems(lines: readonly CheckoutLine[], max: number) {
  const priced = (list: readonly CheckoutLine[]) =>
    list.map((line) => ({ price: line.priceId, quantity: line.quantity }))
  if (lines.length <= max) return priced(lines)
  const rest = lines.slice(max - 1)
  const description = rest.map((line) => `${line.name} × ${line.quantity}`).join(', ')
  const summary = {
    price_data: {
      currency: CURRENCY,
      unit_amount: rest.reduce((sum, line) => sum + line.unitAmountPence * line.quantity, 0),
      product_data: {
        name: `${rest.length} more lines of this order`,
        description:
          description.length <= SUMMARY_DESCRIPTION_LENGTH
            ? description
            : `${description.slice(0, SUMMARY_DESCRIPTION_LENGTH - 1)}…`,
      },
    },
    quantity: 1,
  }
  return [...priced(lines.slice(0, max - 1)), summary]
}

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
          line_items: lineItems(request.lines, STRIPE_MAX_LINE_ITEMS.paymentLink),
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
          line_items: lineItems(request.lines, STRIPE_MAX_LINE_ITEMS.checkoutSession),
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

    async refund({ paymentIntentId, orderId, amountPence, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          ...(amountPence === undefined ? {} : { amount: amountPence }),
          metadata: orderMetadata(orderId),
        },
        { idempotencyKey: idempotencyKey ?? idempotencyKeys.refund(paymentIntentId) },
      )
      return { refundId: refund.id }
    },

    /**
     * The completed sessions of the order's current link and session. A replaced link was switched off
     * when it was replaced; a payment it took before that reached the webhook, which Stripe retries for
     * three days.
     */
    async completedPayments({ orderId, paymentLinkId, checkoutSessionId }) {
      const sessions: Stripe.Checkout.Session[] = []
      if (paymentLinkId) {
        const list = stripe.checkout.sessions.list({
          payment_link: paymentLinkId,
          status: 'complete',
          limit: 100,
        })
        for await (const session of list) sessions.push(session)
      }
      if (checkoutSessionId) sessions.push(await stripe.checkout.sessions.retrieve(checkoutSessionId))
      return sessions
        .filter((session) => session.status === 'complete' && session.payment_status === 'paid')
        .map((session) => ({
          ...parseStripeEvent({
            id: reconciledEventId(session.id),
            type: 'checkout.session.completed',
            data: { object: session },
          }),
          // Asked about this order's own pages: the order is known, whatever the session's metadata says.
          orderId,
        }))
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
