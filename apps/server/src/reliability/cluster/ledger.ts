import pg from 'pg'
import { CATALOG_CHANNEL, encodeChange } from '../../lib/catalog-changes'

/**
 * What the database says happened, read with plain SQL from outside the processes under test. Every
 * scenario buys products of its own, so "the scenario's orders" are the orders with a line of them.
 */

export interface ScenarioOrder {
  id: string
  orderNumber: string
  orderStatus: string
  paymentStatus: string
  /** Payments the sandbox page completed for this order (sandbox_checkouts.completed_sessions). */
  completedPayments: number
  /** Rows in outbox_mail that are this order's confirmation. */
  confirmations: number
}

export interface StockRow {
  productId: number
  qty: number
  /** Units in lines of PAID orders. */
  soldByPaid: number
}

/**
 * The confirmation's subject is `Your Larder order <orderNumber>` (orderConfirmationMail in
 * modules/payments/confirmation-mail.ts); the refund mail's adds " was refunded", so the exact subject
 * tells them apart, and the order number is unique.
 */
const CONFIRMATION_SUBJECT_SQL = `'Your Larder order ' || o.order_number`

export class Ledger {
  private readonly pool: pg.Pool

  constructor(databaseUrl: string) {
    // Bounded, so a database that stops answering fails the check instead of hanging the run.
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 3,
      connectionTimeoutMillis: 5_000,
      query_timeout: 15_000,
    })
    // PostgreSQL restarts in one scenario: the pool's idle clients then fail, and must not crash the test.
    this.pool.on('error', () => undefined)
  }

  async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    return (await this.pool.query<R>(text, values)).rows
  }

  /** Priced, active, not free products, lowest ids first, skipping those `used` by earlier scenarios. */
  async productsForSale(count: number, used: ReadonlySet<number>): Promise<number[]> {
    const rows = await this.query<{ id: number }>(
      `select id from products
        where status = 'ACTIVE' and not is_free and sale_price_pence > 0
        order by id limit $1`,
      [count + used.size],
    )
    const ids = rows.map((row) => row.id).filter((id) => !used.has(id))
    if (ids.length < count) throw new Error(`only ${ids.length} products for sale, ${count} needed`)
    return ids.slice(0, count)
  }

  async setStock(productId: number, qty: number): Promise<void> {
    // Announced as every catalogue write is (lib/catalog-changes.ts), so no process keeps the old stock.
    await this.query(
      'with changed as (update products set qty = $2 where id = $1) select pg_notify($3, $4)',
      [productId, qty, CATALOG_CHANNEL, encodeChange({ products: [productId] })],
    )
  }

  async stock(productIds: readonly number[]): Promise<StockRow[]> {
    const rows = await this.query<{ product_id: number; qty: number; sold: number }>(
      `select p.id as product_id, p.qty,
              coalesce((select sum(op.quantity) from order_products op join orders o on o.id = op.order_id
                         where op.product_id = p.id and o.order_status = 'PAID'), 0)::int as sold
         from products p where p.id = any($1::int[]) order by p.id`,
      [productIds],
    )
    return rows.map((row) => ({ productId: row.product_id, qty: row.qty, soldByPaid: row.sold }))
  }

  async lowestStock(productIds: readonly number[]): Promise<number> {
    const [row] = await this.query<{ qty: number }>(
      'select min(qty)::int as qty from products where id = any($1::int[])',
      [productIds],
    )
    return row?.qty ?? Number.NaN
  }

  async orders(productIds: readonly number[]): Promise<ScenarioOrder[]> {
    const rows = await this.query<{
      id: string
      order_number: string
      order_status: string
      payment_status: string
      completed: number
      confirmations: number
    }>(
      `select o.id, o.order_number, o.order_status, o.payment_status,
              coalesce((select sum(sc.completed_sessions) from sandbox_checkouts sc where sc.order_id = o.id), 0)::int
                as completed,
              (select count(*) from outbox_mail m where m.subject = ${CONFIRMATION_SUBJECT_SQL})::int as confirmations
         from orders o
        where exists (select 1 from order_products op where op.order_id = o.id and op.product_id = any($1::int[]))
        order by o.order_number`,
      [productIds],
    )
    return rows.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      orderStatus: row.order_status,
      paymentStatus: row.payment_status,
      completedPayments: row.completed,
      confirmations: row.confirmations,
    }))
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}

/** Creates an empty database on the throw-away server and returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({
    connectionString: adminUrl,
    connectionTimeoutMillis: 5_000,
    query_timeout: 15_000,
  })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}
