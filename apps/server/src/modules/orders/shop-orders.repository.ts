import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  notExists,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm'
import type { FulfilmentStatus, OrderStatus, PaymentStatus } from '@larder/shared'
import type { Database } from '../../db/client'
import {
  orderProducts,
  orderRefundLines,
  orderRefunds,
  orderShopStates,
  orders,
  products,
  shops,
} from '../../db/schema'

export type OrderShopStateRow = typeof orderShopStates.$inferSelect
export type RefundRow = typeof orderRefunds.$inferSelect

/** An order a shop packs: paid, and not refunded in full (statuses owned by order-state.ts). */
const PACKABLE: (OrderStatus & PaymentStatus)[] = ['PAID', 'PARTIALLY_REFUNDED']

const packable = and(inArray(orders.orderStatus, PACKABLE), inArray(orders.paymentStatus, PACKABLE))

/** A line no refund covers: refunded lines leave the shop's part (there is nothing to pack for them). */
const unrefunded = notExists(
  sql`(select 1 from ${orderRefundLines} where ${orderRefundLines.orderProductId} = ${orderProducts.id})`,
)

const statusOf = sql<FulfilmentStatus>`coalesce(${orderShopStates.status}, 'WAITING')`

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * What the back office reads and writes of orders by shop: each shop's part of a paid order (its own lines
 * only, joined through products.vendor_id, never through anything the caller sends), the parts' states,
 * the Today figures, and the operator's view of every order.
 */
export function createShopOrdersRepository(db: Database) {
  /** The shop's unrefunded lines of paid orders, with the part's state. */
  const shopLines = (shopId: string) => and(eq(products.vendorId, shopId), packable, unrefunded) as SQL

  return {
    /** One page of the shop's parts (order ids, newest payment first), and how many there are. */
    async shopOrderPage(
      shopId: string,
      options: { status?: FulfilmentStatus; page: number; size: number },
    ): Promise<{ ids: string[]; total: number }> {
      const where = and(
        shopLines(shopId),
        options.status === undefined ? undefined : sql`${statusOf} = ${options.status}`,
      )
      const base = db
        .select({ id: orders.id, datePaid: orders.datePaid })
        .from(orderProducts)
        .innerJoin(orders, eq(orders.id, orderProducts.orderId))
        .innerJoin(products, eq(products.id, orderProducts.productId))
        .leftJoin(
          orderShopStates,
          and(eq(orderShopStates.orderId, orders.id), eq(orderShopStates.shopId, shopId)),
        )
        .where(where)
        .groupBy(orders.id, orders.datePaid)
      const [rows, [counted]] = await Promise.all([
        base
          .orderBy(desc(orders.datePaid), desc(orders.id))
          .limit(options.size)
          .offset(options.page * options.size),
        db.select({ n: count() }).from(base.as('parts')),
      ])
      return { ids: rows.map((row) => row.id), total: counted?.n ?? 0 }
    },

    /** The orders `ids` with the shop's unrefunded lines and the shop's state of each, for the shop only. */
    async shopParts(shopId: string, ids: string[], tx: Database = db) {
      if (ids.length === 0) return []
      const rows = await tx
        .select({
          order: getTableColumns(orders),
          line: getTableColumns(orderProducts),
          state: getTableColumns(orderShopStates),
        })
        .from(orderProducts)
        .innerJoin(orders, eq(orders.id, orderProducts.orderId))
        .innerJoin(products, eq(products.id, orderProducts.productId))
        .leftJoin(
          orderShopStates,
          and(eq(orderShopStates.orderId, orders.id), eq(orderShopStates.shopId, shopId)),
        )
        .where(and(shopLines(shopId), inArray(orders.id, ids)))
        .orderBy(asc(orderProducts.id))
      const byOrder = new Map<
        string,
        {
          order: (typeof rows)[number]['order']
          state: OrderShopStateRow | null
          lines: (typeof rows)[number]['line'][]
        }
      >()
      for (const row of rows) {
        const part = byOrder.get(row.order.id) ?? { order: row.order, state: row.state, lines: [] }
        part.lines.push(row.line)
        byOrder.set(row.order.id, part)
      }
      return ids.flatMap((id) => {
        const part = byOrder.get(id)
        return part ? [part] : []
      })
    },

    /** The order row, locked until `tx` ends (the lock every change of an order takes first). */
    async lockOrder(tx: Database, orderId: string) {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
      return row
    },

    /** Whether the order holds any line of the shop's, whatever its state. */
    async hasShopLines(tx: Database, orderId: string, shopId: string) {
      const [row] = await tx
        .select({ id: orderProducts.id })
        .from(orderProducts)
        .innerJoin(products, eq(products.id, orderProducts.productId))
        .where(and(eq(orderProducts.orderId, orderId), eq(products.vendorId, shopId)))
        .limit(1)
      return row !== undefined
    },

    /** The shop's state of the order, locked for the change (none: the part is still waiting). */
    async lockState(tx: Database, orderId: string, shopId: string) {
      const [row] = await tx
        .select()
        .from(orderShopStates)
        .where(and(eq(orderShopStates.orderId, orderId), eq(orderShopStates.shopId, shopId)))
        .for('update')
      return row
    },

    async saveState(tx: Database, state: typeof orderShopStates.$inferInsert): Promise<OrderShopStateRow> {
      const [row] = await tx
        .insert(orderShopStates)
        .values(state)
        .onConflictDoUpdate({
          target: [orderShopStates.orderId, orderShopStates.shopId],
          set: {
            status: state.status,
            packedAt: state.packedAt,
            dispatchedAt: state.dispatchedAt,
            updatedAt: state.updatedAt,
          },
        })
        .returning()
      if (!row) throw new Error('state upsert returned no row')
      return row
    },

    async shopName(shopId: string, tx: Database = db) {
      const [row] = await tx
        .select({ companyName: shops.companyName })
        .from(shops)
        .where(eq(shops.userId, shopId))
      return row?.companyName ?? 'Larder'
    },

    /** The Today figures: parts waiting to be packed, items at or under `threshold`, sales since `since`. */
    async today(shopId: string, options: { threshold: number; since: Date }) {
      const [waiting] = await db
        .select({ n: sql<number>`count(distinct ${orders.id})::int` })
        .from(orderProducts)
        .innerJoin(orders, eq(orders.id, orderProducts.orderId))
        .innerJoin(products, eq(products.id, orderProducts.productId))
        .leftJoin(
          orderShopStates,
          and(eq(orderShopStates.orderId, orders.id), eq(orderShopStates.shopId, shopId)),
        )
        .where(and(shopLines(shopId), sql`${statusOf} = 'WAITING'`))
      const lowStock = await db
        .select({ id: products.id, productName: products.productName, qty: products.qty })
        .from(products)
        .where(
          and(
            eq(products.vendorId, shopId),
            isNull(products.archivedAt),
            lte(products.qty, options.threshold),
          ),
        )
        .orderBy(asc(products.qty), asc(products.productName))
        .limit(20)
      const [sales] = await db
        .select({ pence: sum(orderProducts.totalPricePence).mapWith(Number) })
        .from(orderProducts)
        .innerJoin(orders, eq(orders.id, orderProducts.orderId))
        .innerJoin(products, eq(products.id, orderProducts.productId))
        .where(and(shopLines(shopId), gte(orders.datePaid, options.since)))
      return { waitingToPack: waiting?.n ?? 0, lowStock, weekSalesPence: sales?.pence ?? 0 }
    },

    /** The operator's list: every order, newest first, with the filters given. */
    async adminPage(options: {
      status?: OrderStatus
      shopId?: string
      town?: string
      from?: Date
      to?: Date
      page: number
      size: number
    }) {
      const where = and(
        options.status === undefined ? undefined : eq(orders.orderStatus, options.status),
        options.town === undefined ? undefined : ilike(orders.deliveryCity, `%${escapeLike(options.town)}%`),
        options.from === undefined ? undefined : gte(orders.orderDate, options.from),
        options.to === undefined ? undefined : lt(orders.orderDate, options.to),
        options.shopId === undefined
          ? undefined
          : sql`exists (select 1 from ${orderProducts} join ${products} on ${products.id} = ${orderProducts.productId} where ${orderProducts.orderId} = ${orders.id} and ${products.vendorId} = ${options.shopId})`,
      )
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.orderDate), desc(orders.id))
          .limit(options.size)
          .offset(options.page * options.size),
        db.select({ n: count() }).from(orders).where(where),
      ])
      return { rows, total: counted?.n ?? 0 }
    },

    /** The shops of each order (those with a line in it), by order id. */
    async shopsOf(orderIds: string[]) {
      if (orderIds.length === 0) return new Map<string, { id: string; companyName: string }[]>()
      const rows = await db
        .selectDistinct({ orderId: orderProducts.orderId, id: shops.userId, companyName: shops.companyName })
        .from(orderProducts)
        .innerJoin(products, eq(products.id, orderProducts.productId))
        .innerJoin(shops, eq(shops.userId, products.vendorId))
        .where(inArray(orderProducts.orderId, orderIds))
        .orderBy(asc(shops.companyName))
      const byOrder = new Map<string, { id: string; companyName: string }[]>()
      for (const { orderId, ...shop } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), shop])
      return byOrder
    },

    async order(orderId: string) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId))
      return row
    },

    /** Every line of the order with its shop and the refund that covers it, if any. */
    async adminLines(orderId: string) {
      return db
        .select({
          line: getTableColumns(orderProducts),
          shopId: shops.userId,
          shopName: shops.companyName,
          refundId: orderRefundLines.refundId,
        })
        .from(orderProducts)
        .innerJoin(products, eq(products.id, orderProducts.productId))
        .innerJoin(shops, eq(shops.userId, products.vendorId))
        .leftJoin(orderRefundLines, eq(orderRefundLines.orderProductId, orderProducts.id))
        .where(eq(orderProducts.orderId, orderId))
        .orderBy(asc(orderProducts.id))
    },

    async states(orderId: string) {
      return db.select().from(orderShopStates).where(eq(orderShopStates.orderId, orderId))
    },

    async refunds(orderId: string) {
      const rows = await db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(asc(orderRefunds.requestedAt))
      const lines =
        rows.length === 0
          ? []
          : await db
              .select({ refundId: orderRefundLines.refundId, lineId: orderRefundLines.orderProductId })
              .from(orderRefundLines)
              .where(
                inArray(
                  orderRefundLines.refundId,
                  rows.map((row) => row.id),
                ),
              )
      return rows.map((row) => ({
        ...row,
        lineIds: lines.filter((line) => line.refundId === row.id).map((line) => line.lineId),
      }))
    },
  }
}

export type ShopOrdersRepository = ReturnType<typeof createShopOrdersRepository>
