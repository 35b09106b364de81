import { exec } from 'node:child_process'
import { promisify } from 'node:util'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderProducts, orders } from '../db/schema'
import {
  createShopApp,
  product,
  productsForSale,
  setStock,
  type ShopApp,
} from '../modules/payments/payments-test-helpers'
import { TEST_DATABASE_URL } from '../test/test-app'
import { checkout, type CheckoutResult } from './checkout-flow'

/**
 * The database restarts under load. Only run by `npm run test:reliability`, which starts its own
 * PostgreSQL and says how to restart it in RELIABILITY_PG_RESTART.
 */
const RESTART = process.env.RELIABILITY_PG_RESTART
const WORKERS = 16
const STOCK = 100_000

describe.skipIf(!RESTART || !TEST_DATABASE_URL)('PostgreSQL restarted in the middle of a load run', () => {
  let shop: ShopApp
  beforeAll(async () => {
    shop = await createShopApp('postgres')
  })
  afterAll(async () => {
    await shop?.app.close()
    // Known finding (docs/reliability.md): after the restart pool.end() never settles, as if one client
    // stayed checked out. Bounded here so the run ends; the throw-away cluster is deleted by the script.
    const closed = await Promise.race([
      shop?.database.close().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ])
    if (!closed)
      console.warn('db-restart: the pool did not close after the restart (a client still checked out)')
  })

  const ready = async () => (await shop.app.inject({ method: 'GET', url: '/readyz' })).statusCode

  it('recovers by itself, with no order lost, duplicated or half-applied', { timeout: 300_000 }, async () => {
    const [target] = await productsForSale(shop.db, 1)
    if (!target) throw new Error('no product for sale')
    await setStock(shop.db, target.id, STOCK)

    const results: CheckoutResult[] = []
    let phase: 'before' | 'during' | 'after' = 'before'
    const byPhase = { before: 0, during: 0, after: 0 }
    let stop = false
    const worker = async () => {
      while (!stop) {
        const current = phase
        const result = await checkout(shop, target.id)
        results.push(result)
        if (!result.failed) byPhase[current] += 1
      }
    }
    const workers = Array.from({ length: WORKERS }, worker)

    // Load first, then the restart, then load again until the pool has reconnected and checkouts succeed.
    while (byPhase.before < 40) await new Promise((resolve) => setTimeout(resolve, 50))
    phase = 'during'
    const readiness: number[] = []
    const watching = (async () => {
      while (phase === 'during') {
        readiness.push(await ready())
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    // Async, so the load and the readiness probe keep running while PostgreSQL goes down and up.
    await promisify(exec)(RESTART ?? '')
    while ((await ready()) !== 200) await new Promise((resolve) => setTimeout(resolve, 100))
    phase = 'after'
    await watching
    while (byPhase.after < 40) await new Promise((resolve) => setTimeout(resolve, 50))
    stop = true
    await Promise.all(workers)

    // No transaction may be left open on the server by a request the restart cut off.
    // This file always runs on node-postgres, whose results carry `rows`.
    const open = (await shop.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    )) as unknown as { rows: { n: number }[] }
    expect(open.rows[0]?.n).toBe(0)
    expect(readiness).toContain(503)
    expect(await ready()).toBe(200)

    // Every order the server answered 201 for is stored once; its lines are whole; the stock adds up.
    const ids = results.map((result) => result.id).filter((id): id is string => id !== undefined)
    const stored = await shop.db.select().from(orders).where(inArray(orders.id, ids))
    expect(stored).toHaveLength(ids.length)
    const lines = await shop.db.select().from(orderProducts).where(inArray(orderProducts.orderId, ids))
    const perOrder = new Map<string, number>()
    for (const line of lines) perOrder.set(line.orderId, (perOrder.get(line.orderId) ?? 0) + line.quantity)
    expect([...perOrder.values()].every((quantity) => quantity === 1)).toBe(true)
    const paid = stored.filter((row) => row.orderStatus === 'PAID')
    expect(paid.every((row) => perOrder.get(row.id) === 1)).toBe(true)
    expect((await product(shop.db, target.id)).qty).toBe(STOCK - paid.length)

    const failures = results.filter((result) => result.failed)
    console.info(
      `restart: ${results.length} checkouts (${byPhase.before} ok before, ${byPhase.during} ok during, ` +
        `${byPhase.after} ok after), ${failures.length} failed (${[...new Set(failures.map((f) => f.failed?.slice(0, 40)))].join(' | ')}), ` +
        `${paid.length} paid; readiness seen: ${[...new Set(readiness)].join(', ')}`,
    )
  })
})
