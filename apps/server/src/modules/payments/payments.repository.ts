import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { paymentEvents, products, providerObjects, providerPrices } from '../../db/schema'

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

    /** The CHECK (qty >= 0) on products stays the last line of defence should this ever be asked too much. */
    async takeStock(tx: Database, productId: number, quantity: number) {
      await tx
        .update(products)
        .set({ qty: sql`${products.qty} - ${quantity}` })
        .where(eq(products.id, productId))
    },
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>
