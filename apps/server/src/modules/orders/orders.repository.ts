import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm'
import type { Database } from '../../db/client'
import { onSale } from '../../db/product-visibility'
import { orderProducts, orders, products } from '../../db/schema'

export type OrderRow = typeof orders.$inferSelect
export type NewOrder = Omit<typeof orders.$inferInsert, 'orderNumber'>
export type OrderLineRow = typeof orderProducts.$inferSelect
export type NewOrderLine = typeof orderProducts.$inferInsert

/** LRD- and the sequence's next value, zero-padded to six digits and never cut short after a million. */
const nextOrderNumber = sql<string>`(select 'LRD-' || lpad(n::text, greatest(6, length(n::text)), '0') from (select nextval('order_number_seq') as n) as next)`

/** Only modules/orders changes order rows: other modules go through order-state.ts. */
export function createOrdersRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Database) => Promise<T>): Promise<T> => db.transaction(work),

    async insert(order: NewOrder, tx: Database = db): Promise<OrderRow> {
      const [row] = await tx
        .insert(orders)
        .values({ ...order, orderNumber: nextOrderNumber })
        .returning()
      if (!row) throw new Error('order insert returned no row')
      return row
    },

    async find(id: string, tx: Database = db): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id))
      return row
    },

    /** The order row, locked until the transaction ends: every change to one order queues behind it. */
    async lock(tx: Database, id: string): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
      return row
    },

    async update(tx: Database, id: string, changes: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
      const [row] = await tx
        .update(orders)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(orders.id, id))
        .returning()
      if (!row) throw new Error(`order ${id} vanished`)
      return row
    },

    lines(orderId: string, tx: Database = db): Promise<OrderLineRow[]> {
      return tx
        .select()
        .from(orderProducts)
        .where(eq(orderProducts.orderId, orderId))
        .orderBy(asc(orderProducts.id))
    },

    async linesOf(orderIds: string[]): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return []
      return db
        .select()
        .from(orderProducts)
        .where(inArray(orderProducts.orderId, orderIds))
        .orderBy(asc(orderProducts.id))
    },

    /** How many lines the order holds for products other than `productId`. */
    async otherLineCount(tx: Database, orderId: string, productId: number): Promise<number> {
      const [row] = await tx
        .select({ lines: count() })
        .from(orderProducts)
        .where(and(eq(orderProducts.orderId, orderId), ne(orderProducts.productId, productId)))
      return row?.lines ?? 0
    },

    /** One line per product per order: a second post for the product sets the line anew. */
    async upsertLine(tx: Database, line: NewOrderLine): Promise<{ row: OrderLineRow; created: boolean }> {
      const [result] = await tx
        .insert(orderProducts)
        .values(line)
        .onConflictDoUpdate({
          target: [orderProducts.orderId, orderProducts.productId],
          set: {
            productName: line.productName,
            pricePence: line.pricePence,
            salePricePence: line.salePricePence ?? null,
            quantity: line.quantity,
            totalPricePence: line.totalPricePence,
            productImage: line.productImage,
            stripePriceId: line.stripePriceId,
          },
        })
        // xmax is 0 only for a freshly inserted row: tells an insert from an update in one round trip.
        .returning({ ...getTableColumns(orderProducts), inserted: sql<boolean>`(xmax = 0)` })
      if (!result) throw new Error('order line upsert returned no row')
      const { inserted, ...row } = result
      return { row, created: inserted }
    },

    /** What a line needs from the catalogue, with the provider price already made for `pricePence`. */
    async productForLine(tx: Database, productId: number) {
      const [row] = await tx
        .select({
          id: products.id,
          productName: products.productName,
          images: products.images,
          qty: products.qty,
          isFree: products.isFree,
          salePricePence: products.salePricePence,
          discountPricePence: products.discountPricePence,
        })
        .from(products)
        // An archived product, or one of a suspended shop, is off sale: a cart that still holds it cannot
        // order it.
        .where(and(eq(products.id, productId), onSale))
      return row
    },

    async lineTotal(tx: Database, orderId: string): Promise<number> {
      const [row] = await tx
        .select({ total: sql<number>`coalesce(sum(${orderProducts.totalPricePence}), 0)::int` })
        .from(orderProducts)
        .where(eq(orderProducts.orderId, orderId))
      return row?.total ?? 0
    },

    /** An order's lines with the stock now left of each product, for the check before a payment page. */
    linesWithStock(orderId: string, tx: Database = db) {
      return tx
        .select({
          id: orderProducts.id,
          productId: orderProducts.productId,
          productName: orderProducts.productName,
          pricePence: orderProducts.pricePence,
          quantity: orderProducts.quantity,
          stripePriceId: orderProducts.stripePriceId,
          stock: products.qty,
          /** False once the product is archived or its shop suspended: checkout refuses the order until the line goes. */
          onSale,
        })
        .from(orderProducts)
        .innerJoin(products, eq(products.id, orderProducts.productId))
        .where(eq(orderProducts.orderId, orderId))
        .orderBy(asc(orderProducts.productId))
    },

    async setLinePriceIds(tx: Database, lines: { id: number; stripePriceId: string }[]) {
      for (const line of lines) {
        await tx
          .update(orderProducts)
          .set({ stripePriceId: line.stripePriceId })
          .where(eq(orderProducts.id, line.id))
      }
    },

    /** Orders placed before `before` and never paid (a declined card included), oldest first. */
    abandoned(before: Date, limit: number) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.orderStatus, 'PENDING'),
            inArray(orders.paymentStatus, ['PENDING', 'FAILED']),
            lt(orders.orderDate, before),
          ),
        )
        .orderBy(asc(orders.orderDate))
        .limit(limit)
    },

    /**
     * Unpaid orders with a payment page, placed before `placedBefore` and not asked about since
     * `checkedBefore`, least recently asked first: what reconciliation asks the provider about.
     */
    awaitingPayment(placedBefore: Date, checkedBefore: Date, limit: number) {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.orderStatus, 'PENDING'),
            inArray(orders.paymentStatus, ['PENDING', 'FAILED']),
            lt(orders.orderDate, placedBefore),
            or(isNotNull(orders.paymentLinkId), isNotNull(orders.checkoutSessionId)),
            or(isNull(orders.paymentCheckedAt), lt(orders.paymentCheckedAt, checkedBefore)),
          ),
        )
        .orderBy(sql`${orders.paymentCheckedAt} asc nulls first`, asc(orders.orderDate))
        .limit(limit)
    },

    async markPaymentChecked(orderId: string, at: Date) {
      await db.update(orders).set({ paymentCheckedAt: at }).where(eq(orders.id, orderId))
    },

    /** Orders whose refund was asked for and not yet confirmed by the provider, oldest first. */
    refundsPending(limit: number) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.orderStatus, 'REFUND_PENDING'), isNotNull(orders.paymentIntentId)))
        .orderBy(asc(orders.updatedAt))
        .limit(limit)
    },

    async pageForUser(userId: string, page: number, size: number) {
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.orderDate), desc(orders.orderNumber))
          .limit(size)
          .offset(page * size),
        db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
      ])
      return { rows, total: totals[0]?.total ?? 0 }
    },
  }
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>
