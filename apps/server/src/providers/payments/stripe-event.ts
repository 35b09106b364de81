import { z } from 'zod'
import { WebhookSignatureError, type PaymentEvent } from './payment-provider'

/** A Stripe id or an expanded object carrying one. */
const idOrObject = z
  .union([z.string(), z.object({ id: z.string() }).loose()])
  .nullish()
  .transform((value) => (typeof value === 'string' ? value : value?.id))

/** Only the fields the shop reads; Stripe adds fields over time, so everything else passes untouched. */
const StripeEventSchema = z
  .object({
    id: z.string().min(1),
    type: z.string().min(1),
    data: z.object({
      object: z
        .object({
          id: z.string().optional(),
          object: z.string().optional(),
          metadata: z.record(z.string(), z.string()).nullish(),
          payment_intent: idOrObject,
          payment_link: idOrObject,
          payment_status: z.string().nullish(),
          amount_total: z.number().int().nullish(),
          amount: z.number().int().nullish(),
          currency: z.string().nullish(),
          payment_method_types: z.array(z.string()).nullish(),
        })
        .loose(),
    }),
  })
  .loose()

const isUuid = (value: string | null | undefined): value is string =>
  typeof value === 'string' && z.uuid().safeParse(value).success

/**
 * Turns a verified Stripe-format event into what the shop needs. The order is the one in the metadata, which
 * the server set on the link, session and payment intent (a link's is copied to the sessions it opens).
 * client_reference_id is never read: on a payment link it is a URL parameter that whoever pays may change,
 * so trusting it would let one order's payment close another.
 */
export function parseStripeEvent(json: unknown): PaymentEvent {
  const parsed = StripeEventSchema.safeParse(json)
  if (!parsed.success) throw new WebhookSignatureError('The event body is not a Stripe event')
  const { id, type, data } = parsed.data
  const object = data.object
  const isSession = object.object === 'checkout.session' || type.startsWith('checkout.session.')
  const orderId = object.metadata?.orderId
  return {
    id,
    type,
    orderId: isUuid(orderId) ? orderId : undefined,
    sessionId: isSession ? object.id : undefined,
    paymentIntentId: isSession ? object.payment_intent : object.id,
    paymentLinkId: object.payment_link,
    paymentStatus: object.payment_status ?? undefined,
    amountTotalPence: object.amount_total ?? object.amount ?? undefined,
    currency: object.currency ?? undefined,
    paymentMethod: object.payment_method_types?.[0],
  }
}

export function parseStripeEventBody(rawBody: Buffer): PaymentEvent {
  let json: unknown
  try {
    json = JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw new WebhookSignatureError('The event body is not JSON')
  }
  return parseStripeEvent(json)
}
