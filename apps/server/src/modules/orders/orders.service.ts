import { randomUUID } from 'node:crypto'
import {
  effectivePricePence,
  MAX_ORDER_LINES,
  ORDER_CURRENCY,
  orderMessages,
  penceToPounds,
  type Order,
  type OrderCancelled,
  type OrderCreate,
  type OrderCreated,
  type OrderProduct,
} from '@larder/shared'
import type { Database } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { ConflictError, NotFoundError, OrderClosedError } from '../../lib/domain-errors'
import type { SessionUser } from '../../plugins/auth'
import type { OrderCaller, OrderKeys } from './order-keys'
import { toOrder, toOrderProduct } from './order-mapper'
import { acceptsChanges, orderErrors, orderTotals, readableBy } from './order-rules'
import type { OrderState, PaymentPages } from './order-state'
import type { OrdersRepository } from './orders.repository'

/** The provider price already made for a product at an amount (payments registers them). */
export type ProviderPriceLookup = (
  productId: number,
  unitAmountPence: number,
  tx: Database,
) => Promise<string | undefined>

/** Whoever made an order's payment pages switches them off once the order is cancelled. */
export interface PaymentPageSwitch {
  switchOff(pages: PaymentPages): Promise<void>
}

export interface OrdersServiceDeps {
  repository: OrdersRepository
  state: OrderState
  clock: Clock
  keys: OrderKeys
  providerPrice: ProviderPriceLookup
  paymentPages: PaymentPageSwitch
}

export function createOrdersService(deps: OrdersServiceDeps) {
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
        if (!order) throw new NotFoundError(orderErrors.notFound(input.orderId))
        readableBy(order, caller)
        if (!acceptsChanges(order)) throw new OrderClosedError(orderErrors.closed)
        if ((await repository.otherLineCount(tx, order.id, input.productId)) >= MAX_ORDER_LINES) {
          throw new ConflictError(orderMessages.tooManyLines)
        }
        const product = await repository.productForLine(tx, input.productId)
        if (!product) throw new NotFoundError(orderErrors.productNotFound(input.productId))
        if (input.quantity > product.qty) {
          throw new ConflictError(orderErrors.outOfStock(product.productName, product.qty))
        }
        const pricePence = effectivePricePence(product)
        const { row, created } = await repository.upsertLine(tx, {
          orderId: order.id,
          productId: product.id,
          productName: product.productName,
          pricePence,
          salePricePence:
            !product.isFree && product.salePricePence !== null && product.salePricePence > pricePence
              ? product.salePricePence
              : null,
          quantity: input.quantity,
          totalPricePence: pricePence * input.quantity,
          productImage: product.images[0] ?? null,
          stripePriceId: (await deps.providerPrice(product.id, pricePence, tx)) ?? null,
        })
        await repository.update(tx, order.id, orderTotals(await repository.lineTotal(tx, order.id)))
        return { line: toOrderProduct(row), created }
      })
    },

    async get(id: string, caller: OrderCaller): Promise<Order> {
      const row = await repository.find(id)
      if (!row) throw new NotFoundError(orderErrors.notFound(id))
      readableBy(row, caller)
      return toOrder(row, await repository.lines(id))
    },

    /**
     * POST /api/public/orders/:id/cancel: the browser replaces an unpaid order it sent to pay (the shopper
     * came back from the payment page and placed the cart again), so one cart is never paid twice. Its
     * payment pages are switched off after the commit; a payment already under way on one is refunded by
     * the webhook, which only fulfils PENDING orders.
     */
    async cancel(orderId: string, caller: OrderCaller): Promise<OrderCancelled> {
      const pages = await repository.transaction((tx) => deps.state.cancel(tx, orderId, caller))
      if (pages) await deps.paymentPages.switchOff(pages)
      return { id: orderId, orderStatus: 'CANCELLED' }
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
