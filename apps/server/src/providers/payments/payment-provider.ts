import type { SandboxCheckoutStore } from './sandbox-store'

/** A line on a hosted payment page: the provider charges the price id; the sandbox also needs name and amount. */
export interface CheckoutLine {
  priceId: string
  quantity: number
  name: string
  unitAmountPence: number
}

export interface HostedPaymentRequest {
  orderId: string
  lines: CheckoutLine[]
  /** Where the shopper lands after paying: `${PUBLIC_URL}/order-confirmation/{orderId}`. */
  afterPaymentUrl: string
  /** Same inputs and key give the same object back, so a retried or doubled request never makes two. */
  idempotencyKey: string
  /**
   * The order's e-mail address, which the sandbox's page starts its e-mail field with. Stripe's payment
   * links take none when they are made, so its provider leaves it out.
   */
  customerEmail?: string | undefined
}

export interface CheckoutSessionRequest extends HostedPaymentRequest {
  cancelUrl: string
  customerEmail: string | undefined
}

export interface ProductRegistration {
  productId: number
  name: string
  description: string
  /** Absolute https URLs only: the provider fetches them. */
  images: string[]
}

/**
 * What the shop needs to know from a provider's webhook event. Both providers send Stripe's event format,
 * so one parser (stripe-event.ts) turns either into this.
 */
export interface PaymentEvent {
  id: string
  type: string
  /** The order id in the metadata, set by the server; never the payer-editable client_reference_id. */
  orderId: string | undefined
  sessionId: string | undefined
  paymentIntentId: string | undefined
  paymentLinkId: string | undefined
  /** 'paid', 'unpaid' or 'no_payment_required' on checkout sessions. */
  paymentStatus: string | undefined
  amountTotalPence: number | undefined
  currency: string | undefined
  paymentMethod: string | undefined
}

export interface RefundRequest {
  paymentIntentId: string
  orderId: string
  /** Part of the payment, in pence; the whole payment when absent. */
  amountPence?: number
  /** The refund's own key (idempotencyKeys.orderRefund); idempotencyKeys.refund(payment) when absent. */
  idempotencyKey?: string
}

/** An order's payment pages, as the shop stored them. */
export interface OrderPages {
  orderId: string
  paymentLinkId: string | null
  checkoutSessionId: string | null
}

/** The id reconciliation gives the payment it finds on a checkout session. */
export const reconciledEventId = (sessionId: string) => `recon_${sessionId}`

/** A webhook whose signature, timestamp or body does not check out. */
export class WebhookSignatureError extends Error {}

/**
 * The card payment provider: Stripe through its SDK, or the built-in sandbox when no key is set.
 * Every call that creates something takes an idempotency key, so a retry after a crash or a lost answer
 * returns the object made the first time instead of a second one.
 */
export interface PaymentProviderApi {
  /** Creates the provider's product for a catalogue product (key `product-<id>`). */
  registerProduct(product: ProductRegistration): Promise<{ productId: string }>
  /** Creates a GBP price for a provider product (key `price-<id>-<pence>`). */
  registerPrice(input: {
    providerProductId: string
    unitAmountPence: number
    idempotencyKey: string
  }): Promise<{ priceId: string }>
  /** The flat delivery charge's product and price (keys `delivery-product`, `delivery-price-<pence>`). */
  ensureDeliveryPrice(unitAmountPence: number): Promise<{ productId: string; priceId: string }>
  /** A link limited to one completed payment, redirecting to the confirmation page. */
  createPaymentLink(request: HostedPaymentRequest): Promise<{ id: string; url: string }>
  deactivatePaymentLink(id: string): Promise<void>
  createCheckoutSession(request: CheckoutSessionRequest): Promise<{ id: string; url: string }>
  expireCheckoutSession(id: string): Promise<void>
  /**
   * Refunds a payment: all of it, or `amountPence` of it (the operator's refunds). The key (the payment's
   * own for a whole refund, `idempotencyKey` otherwise) makes a retried refund a no-op at the provider.
   */
  refund(input: RefundRequest): Promise<{ refundId: string }>
  /**
   * The payments the provider took on an order's pages (completed and paid checkout sessions), each as the
   * event its webhook sends, with an id of its own (`recon_<session>`): what reconciliation fulfils when a
   * webhook never arrived.
   */
  completedPayments(pages: OrderPages): Promise<PaymentEvent[]>
  /** Checks the `Stripe-Signature` header over the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent
}

export interface StripePaymentProvider extends PaymentProviderApi {
  readonly kind: 'stripe'
}

export interface SandboxPaymentProvider extends PaymentProviderApi {
  readonly kind: 'sandbox'
  /** The hosted payment pages, which the app serves itself. */
  readonly checkouts: SandboxCheckoutStore
  /** Signs a Stripe-format event body as Stripe would, for the sandbox's own deliveries. */
  signWebhook(payload: string): string
}

export interface UnconfiguredPaymentProvider extends PaymentProviderApi {
  readonly kind: 'unconfigured'
}

export type PaymentProvider = StripePaymentProvider | SandboxPaymentProvider | UnconfiguredPaymentProvider

/** Stripe's idempotency keys, in one place so both providers and the tests agree on them. */
export const idempotencyKeys = {
  product: (productId: number) => `product-${productId}`,
  price: (productId: number, pence: number) => `price-${productId}-${pence}`,
  deliveryProduct: () => 'delivery-product',
  deliveryPrice: (pence: number) => `delivery-price-${pence}`,
  paymentLink: (orderId: string, attempt: number, fingerprint: string) =>
    `plink-${orderId}-${attempt}-${fingerprint.slice(0, 16)}`,
  checkoutSession: (orderId: string, attempt: number, fingerprint: string) =>
    `cs-${orderId}-${attempt}-${fingerprint.slice(0, 16)}`,
  refund: (paymentIntentId: string) => `refund-${paymentIntentId}`,
  /** An operator's refund, by its id (order_refunds.id): one refund at the provider per refund asked for. */
  orderRefund: (refundId: string) => `order-refund-${refundId}`,
}
