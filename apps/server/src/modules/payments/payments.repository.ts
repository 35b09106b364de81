import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { announceCatalogChange } from '../../lib/catalog-changes'
import {
  orderProducts,
  orderRefundLines,
  orderRefunds,
  paymentEvents,
  products,
  providerObjects,
  providerPrices,
} from '../../db/schema'

export type OrderRefundRow = typeof orderRefunds.$inferSelect

const registrationColumns = {
  id: products.id,
  productName: products.productName,
  productDescription: products.productDescription,
  images: products.images,
  qty: products.qty,
  isFree: products.isFree,
  salePricePence: products.salePricePence,
  discountPricePence: products.discountPricePence,
  stripeProductId: products.stripeProductId,
  stripePriceIds: products.stripePriceIds,
}

/**
 * The SQL behind product registration, provider prices, provider events and stock. Order rows are the
 * orders module's (order-state.ts).
 */
export function createPaymentsRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Database) => Promise<T>): Promise<T> => db.transaction(work),

    async productForRegistration(id: number, tx: Database = db) {
      const [row] = await tx.select(registrationColumns).from(products).where(eq(products.id, id))
      return row
    },

    /** The product locked until the transaction ends, so concurrent registrations of it queue up. */
    async lockProductForRegistration(tx: Database, id: number) {
      const [row] = await tx
        .select(registrationColumns)
        .from(products)
        .where(eq(products.id, id))
        .for('update')
      return row
    },

    /** The one lookup of a provider price: registration, payment pages and new order lines all use it. */
    async providerPrice(productId: number, unitAmountPence: number, tx: Database = db) {
      const [row] = await tx
        .select({ priceId: providerPrices.priceId })
        .from(providerPrices)
        .where(
          and(eq(providerPrices.productId, productId), eq(providerPrices.unitAmountPence, unitAmountPence)),
        )
      return row?.priceId
    },

    async saveProviderPrice(tx: Database, productId: number, unitAmountPence: number, priceId: string) {
      await tx.insert(providerPrices).values({ productId, unitAmountPence, priceId }).onConflictDoNothing()
    },

    async setProductProviderIds(tx: Database, id: number, stripeProductId: string, stripePriceIds: string[]) {
      await tx.update(products).set({ stripeProductId, stripePriceIds }).where(eq(products.id, id))
      // The provider ids are part of the public product.
      await announceCatalogChange(tx, { products: [id] })
    },

    async providerObject(key: string) {
      const [row] = await db
        .select({ providerId: providerObjects.providerId })
        .from(providerObjects)
        .where(eq(providerObjects.key, key))
      return row?.providerId
    },

    async saveProviderObjects(entries: { key: string; providerId: string }[]) {
      await db.insert(providerObjects).values(entries).onConflictDoNothing()
    },

    /** Records a provider event once; false when it was handled before (or is being handled right now). */
    async recordEvent(
      tx: Database,
      event: { id: string; type: string; orderId: string | undefined },
      receivedAt: Date,
    ): Promise<boolean> {
      const rows = await tx
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type, orderId: event.orderId ?? null, receivedAt })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id })
      return rows.length === 1
    },

    /**
     * Locks the products of an order in id order, the same order every fulfilment takes, so two
     * fulfilments sharing products wait for each other instead of deadlocking. Answers id → stock.
     */
    async lockStock(tx: Database, productIds: number[]): Promise<Map<number, number>> {
      if (productIds.length === 0) return new Map()
      const rows = await tx
        .select({ id: products.id, qty: products.qty })
        .from(products)
        .where(inArray(products.id, productIds))
        .orderBy(asc(products.id))
        .for('update')
      return new Map(rows.map((row) => [row.id, row.qty]))
    },

    /** A refunded line's units go back on the shelf. */
    async returnStock(tx: Database, productId: number, quantity: number) {
      await tx
        .update(products)
        .set({ qty: sql`${products.qty} + ${quantity}` })
        .where(eq(products.id, productId))
      // Every process drops the pages and replies showing the old stock once tx commits.
      await announceCatalogChange(tx, { products: [productId] })
    },

    async findRefund(id: string, tx: Database = db): Promise<OrderRefundRow | undefined> {
      const [row] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, id))
      return row
    },

    /** The ids of the order's lines that a refund (asked for or made) covers already. */
    async refundedLineIds(tx: Database, orderId: string): Promise<Set<number>> {
      const rows = await tx
        .select({ id: orderRefundLines.orderProductId })
        .from(orderRefundLines)
        .innerJoin(orderProducts, eq(orderProducts.id, orderRefundLines.orderProductId))
        .where(eq(orderProducts.orderId, orderId))
      return new Set(rows.map((row) => row.id))
    },

    /** The pence of the order's refunds: all of them (asked for or made), or only those made. */
    async refundedPence(tx: Database, orderId: string, only?: 'REFUNDED'): Promise<number> {
      const [row] = await tx
        .select({ pence: sql<number>`coalesce(sum(${orderRefunds.amountPence}), 0)::int` })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, orderId), only ? eq(orderRefunds.status, only) : undefined))
      return row?.pence ?? 0
    },

    async insertRefund(
      tx: Database,
      refund: typeof orderRefunds.$inferInsert,
      lines: (typeof orderRefundLines.$inferInsert)[],
    ) {
      await tx.insert(orderRefunds).values(refund)
      if (lines.length > 0) await tx.insert(orderRefundLines).values(lines)
    },

    /** PENDING → REFUNDED once: answers the refund only to the one caller that made the change. */
    async markRefundMade(tx: Database, id: string, providerRefundId: string, at: Date) {
      const [row] = await tx
        .update(orderRefunds)
        .set({ status: 'REFUNDED', providerRefundId, refundedAt: at })
        .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'PENDING')))
        .returning()
      return row
    },

    /** The lines a refund covers, with their products, in product order (the order stock is locked in). */
    async refundLines(tx: Database, refundId: string) {
      return tx
        .select({
          productId: orderProducts.productId,
          productName: orderProducts.productName,
          quantity: orderRefundLines.quantity,
          amountPence: orderRefundLines.amountPence,
        })
        .from(orderRefundLines)
        .innerJoin(orderProducts, eq(orderProducts.id, orderRefundLines.orderProductId))
        .where(eq(orderRefundLines.refundId, refundId))
        .orderBy(asc(orderProducts.productId))
    },

    /**
     * Takes a line's quantity from its product's stock (the row locked by lockStock) and announces the change,
     * so every process drops the pages and replies showing the old stock once `tx` commits. The CHECK
     * (qty >= 0) on products stays the last line of defence should this ever be asked too much.
     */
    async takeStock(tx: Database, productId: number, quantity: number) {
      await tx
        .update(products)
        .set({ qty: sql`${products.qty} - ${quantity}` })
        .where(eq(products.id, productId))
      await announceCatalogChange(tx, { products: [productId] })
    },
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>
