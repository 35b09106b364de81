import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../db/schema'
import {
  createShopApp,
  deliverEvent,
  orderWith,
  paidEvent,
  product,
  productsForSale,
  setStock,
  type ShopApp,
} from '../modules/payments/payments-test-helpers'
import { DATABASE_KINDS } from '../test/test-app'
import { RELIABILITY_SEED, seededRandom, shuffle } from './seeded-random'

const ORDERS = 12
const DELIVERIES = 3

/**
 * Stripe retries and reorders webhooks: every paid event arrives three times, shuffled and interleaved
 * across orders, some at the same moment. Each order must still be fulfilled exactly once.
 */
describe.each(DATABASE_KINDS)('webhook replayed and reordered on %s', (kind) => {
  let shop: ShopApp
  beforeAll(async () => {
    shop = await createShopApp(kind)
  })
  afterAll(async () => {
    await shop?.close()
  })

  it(`fulfils each of ${ORDERS} orders once when every event comes ${DELIVERIES} times in random order`, async () => {
    const [target] = await productsForSale(shop.db, 1)
    if (!target) throw new Error('no product for sale')
    await setStock(shop.db, target.id, 1000)
    const ids = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        orderWith(shop.app, [{ productId: target.id, quantity: 1 + (i % 3) }]),
      ),
    )
    const rows = await shop.db.select().from(orders).where(inArray(orders.id, ids))
    const events = rows.map((row) => paidEvent(row.id, row.totalAmountPence))
    const deliveries = shuffle(
      events.flatMap((event) => Array.from({ length: DELIVERIES }, () => event)),
      seededRandom(RELIABILITY_SEED),
    )
    const mailsBefore = shop.mails.length

    // In waves of six at once: replays land both side by side and one after another.
    const statuses: number[] = []
    for (let i = 0; i < deliveries.length; i += 6) {
      const wave = await Promise.all(deliveries.slice(i, i + 6).map((event) => deliverEvent(shop, event)))
      statuses.push(...wave.map((res) => res.statusCode))
    }

    expect(statuses.every((status) => status === 200)).toBe(true)
    const after = await shop.db.select().from(orders).where(inArray(orders.id, ids))
    expect(after.map((row) => row.orderStatus)).toEqual(after.map(() => 'PAID'))
    const units = rows.reduce((sum, _row, i) => sum + 1 + (i % 3), 0)
    expect((await product(shop.db, target.id)).qty).toBe(1000 - units)
    expect(shop.mails.length - mailsBefore).toBe(ORDERS)
  })
})
