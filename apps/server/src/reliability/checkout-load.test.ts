import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../db/schema'
import {
  createShopApp,
  product,
  productsForSale,
  setStock,
  type ShopApp,
} from '../modules/payments/payments-test-helpers'
import { DATABASE_KINDS } from '../test/test-app'
import { checkout } from './checkout-flow'

/** `npm test` runs 50 shoppers; `npm run test:reliability` sets RELIABILITY_SHOPPERS=200. */
const SHOPPERS = Number(process.env.RELIABILITY_SHOPPERS ?? 50)
const UNITS = Math.floor(SHOPPERS * 0.3)

describe.each(DATABASE_KINDS)('checkout under load on %s', (kind) => {
  let shop: ShopApp
  beforeAll(async () => {
    shop = await createShopApp(kind)
  })
  afterAll(async () => {
    await shop?.close()
  })

  it(
    `${SHOPPERS} shoppers at once for ${UNITS} units: none oversold, no order lost`,
    { timeout: 600_000 },
    async () => {
      const [target] = await productsForSale(shop.db, 1)
      if (!target) throw new Error('no product for sale')
      await setStock(shop.db, target.id, UNITS)

      const results = await Promise.all(Array.from({ length: SHOPPERS }, () => checkout(shop, target.id)))

      expect(results.filter((result) => result.failed?.match(/5\d\d|Error/))).toEqual([])
      const ids = results.map((result) => result.id).filter((id): id is string => id !== undefined)
      expect(ids).toHaveLength(SHOPPERS)
      const stored = await shop.db.select().from(orders).where(inArray(orders.id, ids))
      expect(stored).toHaveLength(SHOPPERS)
      const paid = stored.filter((row) => row.orderStatus === 'PAID')
      const left = (await product(shop.db, target.id)).qty
      expect(left).toBeGreaterThanOrEqual(0)
      // Every unit that left the shelf went to exactly one paid order, and the shelf emptied.
      expect(paid).toHaveLength(UNITS - left)
      expect(left).toBe(0)
      const [one] = paid
      if (one) expect((await shop.db.select().from(orders).where(eq(orders.id, one.id))).length).toBe(1)
      console.info(
        `${kind}: ${SHOPPERS} shoppers, ${UNITS} units, ${paid.length} paid, ` +
          `outcomes ${JSON.stringify(countBy(results.map((r) => r.failed ?? r.steps.at(-1) ?? '?')))}`,
      )
    },
  )
})

function countBy(values: string[]) {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}
