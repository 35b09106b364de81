import { DELIVERY_CHARGE_PENCE } from '@larder/shared'
import { NotFoundError } from '../../lib/domain-errors'
import type { OrderCaller } from './order-keys'
import type { OrderRow } from './orders.repository'

/** Every amount the server charges, from the lines' own total: a flat delivery charge, no discount, no tax on top. */
export function orderTotals(subTotalPence: number) {
  const discountPence = 0
  const totalTaxPence = 0
  return {
    subTotalPence,
    discountPence,
    shippingPence: DELIVERY_CHARGE_PENCE,
    totalTaxPence,
    totalAmountPence: subTotalPence - discountPence + DELIVERY_CHARGE_PENCE + totalTaxPence,
  }
}

/** Lines may change until the order is paid: a failed card attempt leaves it open for another try. */
export const acceptsChanges = (order: Pick<OrderRow, 'orderStatus' | 'paymentStatus'>) =>
  order.orderStatus === 'PENDING' && order.paymentStatus !== 'PAID' && order.paymentStatus !== 'REFUNDED'

export const orderErrors = {
  notFound: (id: string) => `Order ${id} was not found.`,
  closed: 'This order has already been paid or closed, so it can no longer change.',
  productNotFound: (id: number) => `Product ${id} was not found.`,
  offSale: (name: string) =>
    `Sorry, "${name}" is no longer on sale. Please remove it from your basket to continue.`,
  outOfStock: (name: string, left: number) =>
    left <= 0 ? `Sorry, "${name}" is out of stock.` : `Sorry, only ${left} of "${name}" left in stock.`,
  sessionEnded:
    'Your session has ended, so this order would not be saved to your account. Log in again, or press Create Order once more to order as a guest.',
}

/**
 * An order is reached by its id, a random UUID: that is all a guest has, on the confirmation page and in
 * the payment link. A customer's order is theirs alone, and the browser's that created it (which holds
 * its key, order-keys.ts, even once logged out): anyone else, or nobody signed in, is told it does not
 * exist, so a leaked confirmation address shows no one else their addresses or lets them change it.
 */
export function readableBy(order: Pick<OrderRow, 'id' | 'userId'>, caller: OrderCaller) {
  if (order.userId === null || order.userId === caller.user?.id || caller.holdsKeyTo(order.id)) return
  throw new NotFoundError(orderErrors.notFound(order.id))
}
