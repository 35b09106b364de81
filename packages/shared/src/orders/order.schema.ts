import { z } from 'zod'
import { MAX_LINE_QUANTITY, ORDER_STATUSES, orderMessages, PAYMENT_STATUSES } from './order'
import { productIdSchema } from '../catalog/product.schema'
import { requiredLine, singleLine } from '../common/text.schema'
import { DELIVERY_TOWNS } from '../delivery/cities'
import { deliveryAreaMessage, deliveryTown, deliversTo } from '../delivery/postcode-districts'

export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES)

/** The limit's message names its field: on a long form, "At most 100 characters" alone says not where. */
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`

const required = (message: string, label: string, max = 200) =>
  requiredLine(message).max(max, { message: tooLong(label, max) })

/**
 * Letters and digits, with spaces or hyphens between them: every country's postcode has that shape
 * (HA1 1JU, 10115, 1010-001), and `!!!` or `--` is no address a driver can find.
 */
const postcode = (message: string, label: string) =>
  required(message, label, 20).regex(/^[\p{L}\p{N}]+(?:[ -]+[\p{L}\p{N}]+)*$/u, { message })

const optionalText = (label: string, max = 200) =>
  singleLine()
    .trim()
    .max(max, { message: tooLong(label, max) })
    .nullish()
    .transform((value) => value ?? '')

const PHONE = /^\+?[0-9][0-9 ()-]{5,24}$/

/** A number input sends a number, a text input a string; either way the digits are kept as text. */
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : (value ?? ''))

const requiredPhone = z.preprocess(
  asText,
  singleLine({ error: orderMessages.phoneRequired })
    .trim()
    .min(1, { message: orderMessages.phoneRequired })
    .regex(PHONE, { message: orderMessages.phoneInvalid }),
)

const optionalPhone = z.preprocess(
  asText,
  singleLine({ error: orderMessages.phoneInvalid })
    .trim()
    .refine((value) => value === '' || PHONE.test(value), { message: orderMessages.phoneInvalid }),
)

/**
 * The order form's values (the first name to postcode fields are billing, delivery* is shipping). Money,
 * statuses, dates, currency, ids and the user are the server's: any such fields in the body are dropped,
 * never trusted.
 */
export const OrderCreateSchema = z
  .object({
    email: singleLine({ error: orderMessages.email })
      .trim()
      .max(254, { message: orderMessages.email })
      .pipe(z.email({ message: orderMessages.email })),
    deliveryFirstName: required(orderMessages.firstName, 'First name', 100),
    deliveryLastName: required(orderMessages.lastName, 'Last name', 100),
    deliveryPhoneNumber: requiredPhone,
    deliveryAddress: required(orderMessages.address, 'Address'),
    deliveryCity: required(orderMessages.city, 'City', 100),
    deliveryState: required(orderMessages.state, 'State', 100),
    deliveryCountry: required(orderMessages.country, 'Country', 100),
    deliveryPostCode: postcode(orderMessages.postcode, 'Postal code'),
    /** The delivery town: one of the fifteen, in any case (`harrow` is Harrow). */
    deliveryTown: z.preprocess(
      (value) => (typeof value === 'string' ? (deliveryTown(value)?.city ?? value) : value),
      z.enum(
        DELIVERY_TOWNS.map((town) => town.city),
        { message: orderMessages.deliveryTown },
      ),
    ),
    firstName: required(orderMessages.firstName, 'Billing first name', 100),
    lastName: required(orderMessages.lastName, 'Billing last name', 100),
    username: optionalText('Username', 100),
    phoneNumber: optionalPhone,
    address: required(orderMessages.address, 'Billing address'),
    address2: optionalText('Address line 2'),
    city: optionalText('Billing city', 100),
    country: optionalText('Billing country', 100),
    state: required(orderMessages.billingState, 'Billing state', 100),
    postcode: postcode(orderMessages.billingPostcode, 'Billing postal code'),
  })
  // Delivery area: the postcode must be in one of the chosen town's postcode districts, or the order
  // would be paid for and never delivered (orders to Berlin and Paris were).
  .superRefine((order, context) => {
    const town = deliveryTown(order.deliveryTown)
    if (town && !deliversTo(town, order.deliveryPostCode))
      context.addIssue({ code: 'custom', path: ['deliveryPostCode'], message: deliveryAreaMessage(town) })
  })
export type OrderCreateInput = z.input<typeof OrderCreateSchema>
export type OrderCreate = z.output<typeof OrderCreateSchema>

export const OrderIdSchema = z.uuid({ message: 'orderId must be an order id (a UUID)' })

export const OrderIdParamsSchema = z.object({
  id: z.uuid({ message: 'id must be an order id (a UUID)' }),
})

/**
 * The spec's order response (id, totalAmount), and the order's key: the browser that created the order
 * sends it back in ORDER_KEY_HEADER to read or cancel that order once its session is gone.
 */
export const OrderCreatedSchema = z.object({ id: z.string(), totalAmount: z.number(), accessKey: z.string() })
export type OrderCreated = z.infer<typeof OrderCreatedSchema>

/** The answer to cancelling an order: it is now CANCELLED (or already was). */
export const OrderCancelledSchema = z.object({ id: z.string(), orderStatus: z.literal('CANCELLED') })
export type OrderCancelled = z.infer<typeof OrderCancelledSchema>

/**
 * One cart line sent to an order (an order product). Only productId, quantity and orderId are read: the name,
 * prices, image and provider price come from the catalogue, so they are not even declared here.
 */
export const OrderProductCreateSchema = z.object({
  productId: productIdSchema('productId'),
  quantity: z
    .number({ error: orderMessages.quantity })
    .int({ message: orderMessages.quantity })
    .min(1, { message: orderMessages.quantity })
    .max(MAX_LINE_QUANTITY, { message: `Quantity must be at most ${MAX_LINE_QUANTITY}.` }),
  orderId: OrderIdSchema,
})
export type OrderProductCreate = z.input<typeof OrderProductCreateSchema>

export const OrderProductSchema = z.object({
  productName: z.string(),
  price: z.number(),
  /** The sale price a discount took `price` down from when the line was ordered; null without one. */
  salePrice: z.number().nullable(),
  quantity: z.number().int(),
  totalPrice: z.number(),
  productImage: z.string().nullable(),
  productId: z.number().int(),
  orderId: z.string(),
  stripePriceId: z.string().nullable(),
})
export type OrderProduct = z.infer<typeof OrderProductSchema>

/** The order as the spec names its fields (`shippingChargers` included), with its lines. */
export const OrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  orderStatus: OrderStatusSchema,
  subTotal: z.number(),
  discount: z.number(),
  paymentMethod: z.string().nullable(),
  paymentStatus: PaymentStatusSchema,
  datePaid: z.string().nullable(),
  dateCompleted: z.string().nullable(),
  shippingChargers: z.number(),
  totalTax: z.number(),
  uid: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  country: z.string(),
  state: z.string(),
  postcode: z.string(),
  currency: z.string(),
  totalAmount: z.number(),
  deliveryFirstName: z.string(),
  deliveryLastName: z.string(),
  deliveryPhoneNumber: z.string(),
  deliveryAddress: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  deliveryCountry: z.string(),
  deliveryPostCode: z.string(),
  orderProducts: z.array(OrderProductSchema),
})
export type Order = z.infer<typeof OrderSchema>

export const OrderListSchema = z.array(OrderSchema)
