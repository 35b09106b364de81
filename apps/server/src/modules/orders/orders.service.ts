import { randomUUID } from 'node:crypto'
import {
  DELIVERY_CHARGE_PENCE,
  effectivePricePence,
  MAX_ORDER_LINES,
  ORDER_CURRENCY,
  orderMessages,
  penceToPounds,
  type Order,
  type OrderCreate,
  type OrderCreated,
  type OrderProduct,
} from '@larder/shared'
import type { Clock } from '../../lib/clock'
import { HttpError } from '../../plugins/errors'
import type { SessionUser } from '../../plugins/auth'
import type { OrderCaller, OrderKeys } from './order-keys'
import { toOrder, toOrderProduct } from './order-mapper'
import type { OrderRow, OrdersRepository } from './orders.repository'

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
  throw new HttpError(404, orderErrors.notFound(order.id))
}

export function createOrdersService(deps: { repository: OrdersRepository; clock: Clock; keys: OrderKeys }) {
  const { repository, clock, keys } = deps

  return {
    /** Statuses, currency, number, dates and money are the server's; the body only gives names and addresses. */
    async create(input: OrderCreate, user: SessionUser | undefined): Promise<OrderCreated> {
      const row = await repository.insert({
        ...input,
        id: randomUUID(),
        userId: user?.id ?? null,
        username: user?.login ?? input.username,
        orderStatus: 'PENDING',
        paymentStatus: 'PENDING',
        currency: ORDER_CURRENCY,
        orderDate: clock(),
        ...orderTotals(0),
      })
      return {
        id: row.id,
        totalAmount: penceToPounds(row.totalAmountPence),
        accessKey: keys.keyFor(row.id),
      }
    },

    /**
     * Puts one product on an open order at the catalogue's price, within stock, and recomputes the totals in
     * the same transaction. The order row is locked first, so lines posted in parallel never lose an update.
     */
    async addLine(
      input: { orderId: string; productId: number; quantity: number },
      caller: OrderCaller,
    ): Promise<{ line: OrderProduct; created: boolean }> {
      return repository.transaction(async (tx) => {
        const order = await repository.lock(tx, input.orderId)
        if (!order) throw new HttpError(404, orderErrors.notFound(input.orderId))
        readableBy(order, caller)
        if (!acceptsChanges(order)) throw new HttpError(409, orderErrors.closed)
        if ((await repository.otherLineCount(tx, order.id, input.productId)) >= MAX_ORDER_LINES) {
          throw new HttpError(409, orderMessages.tooManyLines)
        }
        const product = await repository.productForLine(tx, input.productId)
        if (!product) throw new HttpError(404, orderErrors.productNotFound(input.productId))
        if (input.quantity > product.qty) {
          throw new HttpError(409, orderErrors.outOfStock(product.productName, product.qty))
        }
        const pricePence = effectivePricePence(product)
        const { row, created } = await repository.upsertLine(tx, {
          orderId: order.id,
          productId: product.id,
          productName: product.productName,
          pricePence,
          quantity: input.quantity,
          totalPricePence: pricePence * input.quantity,
          productImage: product.images[0] ?? null,
          stripePriceId: await repository.providerPriceId(tx, product.id, pricePence),
        })
        await repository.update(tx, order.id, orderTotals(await repository.lineTotal(tx, order.id)))
        return { line: toOrderProduct(row), created }
      })
    },

    async get(id: string, caller: OrderCaller): Promise<Order> {
      const row = await repository.find(id)
      if (!row) throw new HttpError(404, orderErrors.notFound(id))
      readableBy(row, caller)
      return toOrder(row, await repository.lines(id))
    },

    async listForUser(
      userId: string,
      page: number,
      size: number,
    ): Promise<{ orders: Order[]; total: number }> {
      const { rows, total } = await repository.pageForUser(userId, page, size)
      const lines = await repository.linesOf(rows.map((row) => row.id))
      const orders = rows.map((row) =>
        toOrder(
          row,
          lines.filter((line) => line.orderId === row.id),
        ),
      )
      return { orders, total }
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
