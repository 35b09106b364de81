import { DELIVERY_TOWNS } from '../delivery/cities'

/**
 * PARTIALLY_REFUNDED: the operator refunded some of a paid order's lines (never its recorded prices), and
 * the rest stands; REFUNDED: every penny paid went back (the order could not be filled, or the operator
 * refunded it in full or line by line down to the last penny).
 */
export const ORDER_STATUSES = [
  'PENDING',
  'PAID',
  'PARTIALLY_REFUNDED',
  'REFUND_PENDING',
  'REFUNDED',
  'CANCELLED',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Every order is in pounds sterling; Stripe spells currencies in lower case. */
export const ORDER_CURRENCY = 'gbp'

export const MAX_LINE_QUANTITY = 1000

/**
 * The request header that carries an order's key (OrderCreated's accessKey): the browser that created the
 * order reads and cancels it with it once the session it ordered in is gone.
 */
export const ORDER_KEY_HEADER = 'X-Order-Key'

/**
 * The header that opens an order to the browser holding its key, or none: a call without it is judged by
 * the session alone.
 */
export const orderKeyHeaders = (orderKey: string | undefined): Record<string, string> =>
  orderKey === undefined ? {} : { [ORDER_KEY_HEADER]: orderKey }

/** Different products on one order: far beyond a week's shop, and what one payment-link request takes. */
export const MAX_ORDER_LINES = 100

/**
 * The cart page's hints ('Please enter your city.', 'Zip code required.', …), shown by the form and
 * returned by the server alike. There is no hint of its own for the shipping name and address, so those reuse
 * the billing wording.
 */
export const orderMessages = {
  email: 'Please enter a valid email address for shipping updates.',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number.',
  city: 'Please enter your city.',
  state: 'Please enter your state.',
  country: 'Please enter your country.',
  postcode: 'Please enter your postal code.',
  deliveryTown: `We deliver only to ${DELIVERY_TOWNS.map((town) => town.city).join(', ')}. Please enter one of them as the city.`,
  firstName: 'Valid first name is required.',
  lastName: 'Valid last name is required.',
  address: 'Please enter your shipping address.',
  billingState: 'Please provide a valid state.',
  billingPostcode: 'Zip code required.',
  quantity: 'Quantity must be a whole number of at least 1.',
  tooManyLines: `An order can hold at most ${MAX_ORDER_LINES} different products. Please remove some from your cart and try again.`,
} as const
