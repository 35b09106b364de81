import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { orders } from '../../db/schema'
import { DATABASE_KINDS } from '../../test/test-app'
import {
  createShopApp,
  deliverEvent,
  orderWith,
  paidEvent,
  product,
  productsForSale,
  setStock,
  type ShopApp,
} from './payments-test-helpers'

const BUYERS = 100
const UNITS = 5

describe.each(DATABASE_KINDS)('the last units on %s', (kind) => {
  let shop: ShopApp
  beforeAll(async () => {
    shop = await createShopApp(kind)
  })
  afterAll(async () => {
    await shop?.close()
  })

  it(`sells the last ${UNITS} units to exactly ${UNITS} of ${BUYERS} buyers paying at once, refunding the rest`, async () => {
    const [target] = await productsForSale(shop.db, 1)
    if (!target) throw new Error('no product for sale')
    await setStock(shop.db, target.id, UNITS)
    // Each buyer's order was taken while the units were still there (one unit each).
    const orderIds = await Promise.all(
      Array.from({ length: BUYERS }, () => orderWith(shop.app, [{ productId: target.id, quantity: 1 }])),
    )
    const created = await shop.db
      .select({ id: orders.id, total: orders.totalAmountPence })
      .from(orders)
      .where(inArray(orders.id, orderIds))
    const refund = vi.spyOn(shop.provider, 'refund')
    const mailsBefore = shop.mails.length

    const started = performance.now()
    const results = await Promise.all(
      created.map((order, i) =>
        deliverEvent(shop, paidEvent(order.id, order.total, { paymentIntentId: `pi_buyer_${i}` })),
      ),
    )
    const elapsed = Math.round(performance.now() - started)
    console.info(`${kind}: ${BUYERS} concurrent payments for ${UNITS} units fulfilled in ${elapsed} ms`)

    expect(results.every((res) => res.statusCode === 200)).toBe(true)
    const final = await shop.db
      .select({ orderStatus: orders.orderStatus, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(inArray(orders.id, orderIds))
    const count = (status: string) => final.filter((row) => row.orderStatus === status).length
    expect(count('PAID')).toBe(UNITS)
    expect(count('REFUNDED') + count('REFUND_PENDING')).toBe(BUYERS - UNITS)
    expect((await product(shop.db, target.id)).qty).toBe(0)
    // A webhook runs the jobs its payment queued after its commit, unless the job runner's poll claimed them
    // first: then they run a moment after the webhook's reply.
    await vi.waitFor(() => expect(refund).toHaveBeenCalledTimes(BUYERS - UNITS), { timeout: 20_000 })
    expect(new Set(refund.mock.calls.map(([call]) => call.paymentIntentId)).size).toBe(BUYERS - UNITS)
    const confirmations = () =>
      shop.mails.slice(mailsBefore).filter((mail) => !mail.subject.includes('refunded'))
    await vi.waitFor(() => expect(confirmations()).toHaveLength(UNITS), { timeout: 20_000 })
    const paidIds = await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.orderStatus, 'PAID'))
    expect(paidIds).toHaveLength(UNITS)
  }, 120_000)
})
