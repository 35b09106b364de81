import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ApiErrorSchema,
  LOW_STOCK_LEVEL,
  penceToPounds,
  VendorTodaySchema,
  type VendorToday,
} from '@larder/shared'
import type { Database } from '../../db/client'
import { orderProducts, orders, products } from '../../db/schema'
import type { Clock } from '../../lib/clock'
import { requireShopMember } from './backoffice-scopes'

const DAY_MS = 24 * 60 * 60 * 1000
/** Paid and not given back: what counts as sold. */
const SOLD = ['PAID'] as const

/**
 * The shop's figures, from the shop's own order lines only: an order of several shops counts here with this
 * shop's lines and their total, never the others'.
 */
async function today(db: Database, shopId: string, now: Date): Promise<VendorToday> {
  const since = new Date(now.getTime() - 7 * DAY_MS)
  const ownLines = and(eq(products.vendorId, shopId), inArray(orders.orderStatus, [...SOLD]))
  const waitingRows = await db
    .select({
      orderNumber: orders.orderNumber,
      datePaid: orders.datePaid,
      lines: sql<number>`count(*)::int`,
      items: sql<number>`sum(${orderProducts.quantity})::int`,
      total: sql<number>`sum(${orderProducts.totalPricePence})::int`,
    })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(ownLines)
    .groupBy(orders.id)
    .orderBy(desc(orders.datePaid))
  const [week] = await db
    .select({
      orders: sql<number>`count(distinct ${orders.id})::int`,
      items: sql<number>`coalesce(sum(${orderProducts.quantity}), 0)::int`,
      sales: sql<number>`coalesce(sum(${orderProducts.totalPricePence}), 0)::int`,
    })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(and(ownLines, gte(orders.datePaid, since)))
  const lowStock = await db
    .select({ id: products.id, productName: products.productName, qty: products.qty })
    .from(products)
    .where(
      and(eq(products.vendorId, shopId), isNull(products.archivedAt), lte(products.qty, LOW_STOCK_LEVEL)),
    )
    .orderBy(asc(products.qty), asc(products.productName))
    .limit(10)
  return {
    waiting: {
      count: waitingRows.length,
      latest: waitingRows.slice(0, 5).map((row) => ({
        orderNumber: row.orderNumber,
        datePaid: row.datePaid?.toISOString() ?? null,
        lines: row.lines,
        items: row.items,
        total: penceToPounds(row.total),
      })),
    },
    lowStock,
    week: {
      since: since.toISOString(),
      orders: week?.orders ?? 0,
      items: week?.items ?? 0,
      sales: penceToPounds(week?.sales ?? 0),
    },
  }
}

/** GET /api/vendor/today, in the vendor scope: the session's shop only. */
export const vendorTodayRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/today',
    { schema: { response: { 200: VendorTodaySchema, 401: ApiErrorSchema, 403: ApiErrorSchema } } },
    async (request) => today(db, requireShopMember(request).shopId, clock()),
  )
}
