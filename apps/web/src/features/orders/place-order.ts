import { DELIVERY_CHARGE_PENCE, ORDER_CURRENCY, penceToPounds, type OrderCreateInput } from '@larder/shared'
import { ApiError, tooManyAttemptsMessage } from '../../lib/api-client'
import type { CurrentUser } from '../../lib/session'
import { type CartItem, lineTotalPence, subtotalPence, totalPence, unitPricePence } from '../cart'
import { paths } from '../../config/paths'
import { checkoutInProgress, checkoutOrderKey, rememberCheckout, takeCheckout } from './checkout-marker'
import type { CheckoutFormValues } from './checkout-schema'
import { cancelOrder } from './api/cancel-order'
import { createOrder } from './api/create-order'
import { createOrderProduct } from './api/create-order-product'
import { createPaymentLink } from '../payments'
import { getOrder } from './api/get-order'

/**
 * Which step failed: the order and its lines, or the payment link (the first is only logged, the second
 * shown).
 */
export class PlaceOrderError extends Error {
  override readonly name = 'PlaceOrderError'
  readonly step: 'order' | 'payment-link'
  override readonly cause: unknown

  constructor(step: 'order' | 'payment-link', cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause))
    this.step = step
    this.cause = cause
  }
}

/**
 * The order payload: the form values under the Order's field names, the shipping address
 * as delivery*, the billing address as the plain fields. The money is the browser's estimate only: the
 * server recomputes every price and total from the catalogue.
 */
export function toOrderPayload(
  values: CheckoutFormValues,
  items: readonly CartItem[],
  user: CurrentUser | null,
  openedAt: string,
) {
  const { billing } = values
  // The delivery town is the shipping city: the town selector's choice does not outlive the reload that
  // leads to this page, and the server checks the city is one of the fifteen towns and the postcode in it.
  const form: Omit<OrderCreateInput, 'deliveryTown'> & { deliveryTown: string } = {
    email: values.email.trim(),
    username: user?.login || null,
    phoneNumber: values.phoneNumber.trim(),
    firstName: billing.firstName.trim(),
    lastName: billing.lastName.trim(),
    address: billing.address.trim(),
    address2: billing.address2.trim(),
    city: billing.city.trim(),
    state: billing.state.trim(),
    country: billing.country.trim(),
    postcode: billing.postcode.trim(),
    deliveryFirstName: values.firstName.trim(),
    deliveryLastName: values.lastName.trim(),
    deliveryPhoneNumber: values.phoneNumber.trim(),
    deliveryAddress: values.address.trim(),
    deliveryCity: values.city.trim(),
    deliveryState: values.state.trim(),
    deliveryCountry: values.country.trim(),
    deliveryPostCode: values.postalCode.trim(),
    deliveryTown: values.city.trim(),
  }
  // A new order's starting state (PENDING, PENDING, gbp; both dates are when the cart page loaded) and
  // the computed subTotal and totalAmount; the server ignores them and sets its own.
  return {
    ...form,
    orderStatus: 'PENDING',
    paymentStatus: 'PENDING',
    currency: ORDER_CURRENCY,
    orderDate: openedAt,
    datePaid: openedAt,
    subTotal: penceToPounds(subtotalPence(items)),
    shippingChargers: penceToPounds(DELIVERY_CHARGE_PENCE),
    totalAmount: penceToPounds(totalPence(items)),
    uid: user?.id ?? null,
  }
}

const firstPriceId = (item: CartItem) => item.stripePriceIds?.[0] ?? ''

/**
 * The shopper went to pay, came back without reaching the confirmation page, and places the cart again.
 * The earlier order is cancelled first, which switches its payment page off, so one cart is never paid
 * twice. If it was paid after all, its confirmation page is where to go instead: answers that page's
 * address then. The order's key (checkout-marker.ts) opens it even when the session it was placed in has
 * ended since, a log-out in another tab during the payment included.
 */
async function settlePreviousAttempt(): Promise<string | undefined> {
  const previous = checkoutInProgress()
  if (previous === null) return undefined
  const orderKey = checkoutOrderKey(previous)
  try {
    await cancelOrder(previous, orderKey)
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 409)) throw error
    if (error.status === 404) {
      // Orders are never deleted: the earlier one was placed while logged in, as an account this browser no
      // longer holds, and its key is not here (storage lost it), so its page cannot be switched off from
      // here. Said once; pressing again goes ahead.
      takeCheckout(previous)
      throw new ApiError(409, checkoutErrors.earlierOrderElsewhere)
    }
    const order = await getOrder(previous, { orderKey })
    // Left remembered: the confirmation page takes its lines out of the cart (anything added since
    // stays) and reads it with the key, whoever is logged in by then.
    if (order.orderStatus === 'PAID' || order.orderStatus === 'PARTIALLY_REFUNDED')
      return paths.orderConfirmation.getHref(previous)
  }
  return undefined
}

/**
 * Checkout: create the order, then one order-product per line in parallel (all
 * must succeed), then the payment link. Answers the link's URL (or, when this cart's earlier order turns
 * out to be paid, its confirmation page). Nothing is paid before the shopper reaches the payment page, so
 * a failure on the way leaves only an unpaid order behind, and trying again starts a fresh one (after
 * cancelling it, if it had reached its payment page).
 */
export async function placeOrder({
  values,
  items,
  user,
  openedAt,
}: {
  values: CheckoutFormValues
  items: readonly CartItem[]
  user: CurrentUser | null
  /** When the cart page loaded (ISO 8601). */
  openedAt: string
}): Promise<string> {
  let orderId: string | undefined
  let orderKey: string | undefined
  try {
    const paidAlready = await settlePreviousAttempt()
    if (paidAlready !== undefined) return paidAlready
    const created = await createOrder(toOrderPayload(values, items, user, openedAt))
    const { id } = created
    orderId = id
    orderKey = created.accessKey
    await Promise.all(
      items.map((item) =>
        createOrderProduct(
          {
            productName: item.productName,
            price: penceToPounds(unitPricePence(item)),
            quantity: item.qty,
            totalPrice: penceToPounds(lineTotalPence(item)),
            productImage: item.images[0] ?? '',
            productId: item.id,
            orderId: id,
            stripePriceId: firstPriceId(item),
          },
          orderKey,
        ),
      ),
    )
  } catch (error) {
    if (orderId !== undefined) await cancelUnfinished(orderId, orderKey)
    throw new PlaceOrderError('order', error)
  }
  try {
    const { paymentLinkUrl } = await createPaymentLink(
      items.map((item) => ({
        priceId: firstPriceId(item),
        quantity: item.qty,
        orderId,
        customerId: user?.id ?? null,
        productIds: [String(item.id)],
      })),
      orderKey,
    )
    rememberCheckout(orderId, orderKey)
    return paymentLinkUrl
  } catch (error) {
    await cancelUnfinished(orderId, orderKey)
    throw new PlaceOrderError('payment-link', error)
  }
}

/**
 * An order whose lines or payment page failed is cancelled, so that the shopper's history does not keep
 * an order "waiting for payment" that they were told could not be placed. Should that fail too, the order
 * is closed as abandoned later (server side), which is why a failure here is only logged.
 */
async function cancelUnfinished(orderId: string, orderKey: string | undefined) {
  try {
    await cancelOrder(orderId, orderKey)
  } catch (error) {
    console.warn('Could not cancel the order of a checkout that failed', error)
  }
}

export const checkoutErrors = {
  orderFailed: 'We could not place your order. Please try again.',
  orderRefused: 'We could not place your order.',
  unknown: 'An unknown error occurred.',
  offline: 'Please check your internet connection',
  earlierOrderElsewhere:
    'Your earlier order for this cart was placed while you were logged in, and its payment page may still be open. Log in again to replace it, or press Create Order once more to place a new order all the same.',
} as const

export interface CheckoutErrorMessage {
  message: string
  detail?: string | undefined
}

// The shop's 4xx carries a message written for the shopper (out of stock, too many tries), as does a lost
// connection (status 0); a 5xx never says more, and neither does an answer without a message of its own.
const shopperMessage = (error: unknown) => {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.fromServer) return undefined
  return error.status === 429 ? tooManyAttemptsMessage(error.retryAfterSeconds) : error.message
}

// A refusal with a reason (sold out, too many orders) is not fixed by pressing again at once; a lost
// connection or a fault on our side may be.
const refusedForAReason = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.fromServer

/** The message for a failed step: a failed step never leaves the button doing nothing. */
export function checkoutErrorMessage(error: unknown): CheckoutErrorMessage {
  if (!(error instanceof PlaceOrderError)) return { message: checkoutErrors.unknown }
  // The spec only logs order errors; the shopper still needs to know the button did something.
  if (error.step === 'order') {
    const message = refusedForAReason(error.cause) ? checkoutErrors.orderRefused : checkoutErrors.orderFailed
    return { message, detail: shopperMessage(error.cause) }
  }
  if (error.message.includes(checkoutErrors.offline)) return { message: error.message }
  return { message: shopperMessage(error.cause) ?? checkoutErrors.unknown }
}

/** Order and order-product errors are logged (and so are payment-link ones, for support). */
export function logCheckoutError(error: unknown) {
  const step = error instanceof PlaceOrderError ? error.step : 'checkout'
  console.error(`Could not complete the ${step} step`, error instanceof PlaceOrderError ? error.cause : error)
}
