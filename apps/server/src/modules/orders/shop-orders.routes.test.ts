import { randomUUID } from 'node:crypto'
import { and, asc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  shopOrderMessages,
  type AdminOrderDetail,
  type AdminOrderSummary,
  type ShopOrder,
  type ShopToday,
} from '@larder/shared'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import type { Database, DatabaseHandle } from '../../db/client'
import { auditLog, jobs, orderProducts, orders, products } from '../../db/schema'
import { seedIfEmpty } from '../../db/seed/seed'
import type { SandboxPaymentProvider } from '../../providers/payments/payment-provider'
import { createSandboxProvider } from '../../providers/payments/sandbox'
import {
  backOfficeSessions,
  call,
  SHOP_A,
  SHOP_B,
  type BackOfficeSessions,
} from '../../test/backoffice-helpers'
import { createTestDatabase, DATABASE_KINDS, TEST_JWT_SECRET } from '../../test/test-app'
import { memoryMailer } from '../payments/payments-test-helpers'
import type { FastifyInstance } from 'fastify'

const DAY = 24 * 60 * 60 * 1000
let orderCounter = 0

describe.each(DATABASE_KINDS)('shop orders and refunds on %s', (kind) => {
  let app: FastifyInstance
  let database: DatabaseHandle
  let db: Database
  let provider: SandboxPaymentProvider
  let s: BackOfficeSessions
  let mails: { to: string; subject: string; text: string }[]
  /** Two products of shop A and one of shop B, with their stock at the start. */
  let a1: number
  let a2: number
  let b1: number

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    db = database.db
    await seedIfEmpty(db)
    provider = createSandboxProvider({
      db,
      webhookSecret: 'whsec_shop_orders',
      publicUrl: 'http://shop.test',
      clock: () => new Date(),
    })
    const memory = memoryMailer()
    mails = memory.sent
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_URL: 'http://shop.test',
    })
    app = await buildApp({ config, db, listen: database.listen, payments: provider, mailer: memory.mailer })
    await app.ready()
    s = await backOfficeSessions(app, db)
    const of = async (shop: string) =>
      db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.vendorId, shop))
        .orderBy(asc(products.id))
        .limit(2)
    ;[a1, a2] = (await of(SHOP_A)).map((row) => row.id) as [number, number]
    ;[b1] = (await of(SHOP_B)).map((row) => row.id) as [number]
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const stockOf = async (productId: number) => {
    const [row] = await db.select({ qty: products.qty }).from(products).where(eq(products.id, productId))
    return row?.qty ?? -1
  }

  /**
   * A paid order as the webhook leaves it (stock already taken is not modelled: the tests compare stock
   * before and after a refund). Lines: [productId, quantity, unit pence].
   */
  async function paidOrder(
    lines: [number, number, number][],
    options: { status?: 'PAID' | 'PENDING' | 'REFUNDED'; paidDaysAgo?: number; city?: string } = {},
  ) {
    const id = randomUUID()
    const status = options.status ?? 'PAID'
    const sub = lines.reduce((total, [, quantity, pence]) => total + quantity * pence, 0)
    const paidAt = new Date(Date.now() - (options.paidDaysAgo ?? 0) * DAY)
    orderCounter += 1
    await db.insert(orders).values({
      id,
      orderNumber: `LRD-T${String(orderCounter).padStart(5, '0')}-${kind}`,
      orderStatus: status,
      paymentStatus: status === 'PENDING' ? 'PENDING' : status,
      orderDate: paidAt,
      datePaid: status === 'PENDING' ? null : paidAt,
      subTotalPence: sub,
      shippingPence: 160,
      totalAmountPence: sub + 160,
      email: 'shopper@example.com',
      deliveryFirstName: 'Ada',
      deliveryLastName: 'Lovelace',
      deliveryPhoneNumber: '020 7946 0000',
      deliveryAddress: '12 Station Road',
      deliveryCity: options.city ?? 'Harrow',
      deliveryState: 'Middlesex',
      deliveryCountry: 'United Kingdom',
      deliveryPostCode: 'HA1 2AA',
      paymentIntentId: status === 'PENDING' ? null : `pi_${id.slice(0, 8)}`,
    })
    await db.insert(orderProducts).values(
      lines.map(([productId, quantity, pence]) => ({
        orderId: id,
        productId,
        productName: `Product ${productId}`,
        pricePence: pence,
        quantity,
        totalPricePence: quantity * pence,
      })),
    )
    const rows = await db
      .select({ id: orderProducts.id, productId: orderProducts.productId })
      .from(orderProducts)
      .where(eq(orderProducts.orderId, id))
      .orderBy(asc(orderProducts.id))
    return { id, lineIds: rows.map((row) => row.id) }
  }

  const shopOrders = async (token: string, query = '') => {
    const res = await call(app, token, 'GET', `/api/vendor/orders${query}`)
    expect(res.statusCode).toBe(200)
    return res.json<ShopOrder[]>()
  }

  const mailJobs = (prefix: string) =>
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, 'mail'), like(jobs.key, `mail:${prefix}%`)))

  describe('the shop sees only its own part of an order', () => {
    it('shows a multi-shop order to each shop with its own lines and total only', async () => {
      const order = await paidOrder([
        [a1, 2, 250],
        [b1, 1, 999],
      ])
      const partA = (await shopOrders(s.vendorA)).find((part) => part.id === order.id)
      const partB = (await shopOrders(s.vendorB)).find((part) => part.id === order.id)
      expect(partA?.lines.map((line) => line.productId)).toEqual([a1])
      expect(partA?.shopTotal).toBe(5)
      expect(partB?.lines.map((line) => line.productId)).toEqual([b1])
      expect(partB?.shopTotal).toBe(9.99)
      // Nothing of the other shop, not even the order's total, is in the answer.
      const body = JSON.stringify(partA)
      expect(body).not.toContain('9.99')
      expect(body).not.toContain('totalAmount')
      expect(partA?.delivery).toMatchObject({ address: '12 Station Road', postCode: 'HA1 2AA' })
    })

    it("finds nothing of another shop's order and changes nothing of it (404)", async () => {
      const order = await paidOrder([[b1, 1, 300]])
      expect((await shopOrders(s.vendorA)).some((part) => part.id === order.id)).toBe(false)
      for (const url of [
        `/api/vendor/orders/${order.id}`,
        `/api/vendor/orders/${order.id}/packed`,
        `/api/vendor/orders/${order.id}/dispatched`,
      ]) {
        const res = await call(app, s.vendorA, url.endsWith(order.id) ? 'GET' : 'POST', url)
        expect(res.statusCode, url).toBe(404)
      }
      const part = await call(app, s.vendorB, 'GET', `/api/vendor/orders/${order.id}`)
      expect(part.json<ShopOrder>().status).toBe('WAITING')
    })

    it('leaves unpaid and refunded orders out, and refuses to pack them (409)', async () => {
      const unpaid = await paidOrder([[a1, 1, 300]], { status: 'PENDING' })
      const refunded = await paidOrder([[a1, 1, 300]], { status: 'REFUNDED' })
      const ids = (await shopOrders(s.vendorA)).map((part) => part.id)
      expect(ids).not.toContain(unpaid.id)
      expect(ids).not.toContain(refunded.id)
      for (const order of [unpaid, refunded]) {
        const res = await call(app, s.vendorA, 'POST', `/api/vendor/orders/${order.id}/packed`)
        expect(res.statusCode).toBe(409)
        expect(res.json()).toEqual({ message: shopOrderMessages.notPaid })
      }
    })

    it('refuses the operator, customers and anonymous callers on the shop routes', async () => {
      const order = await paidOrder([[a1, 1, 300]])
      for (const token of [s.admin, s.customer]) {
        const res = await call(app, token, 'POST', `/api/vendor/orders/${order.id}/packed`)
        expect(res.statusCode).toBe(403)
      }
      expect((await call(app, undefined, 'GET', '/api/vendor/orders')).statusCode).toBe(401)
    })
  })

  describe('packing and dispatching', () => {
    it('packs, then dispatches, with one mail to the shopper and one audit record per change', async () => {
      const order = await paidOrder([
        [a1, 1, 400],
        [b1, 2, 150],
      ])
      const early = await call(app, s.vendorA, 'POST', `/api/vendor/orders/${order.id}/dispatched`)
      expect(early.statusCode).toBe(409)
      expect(early.json()).toEqual({ message: shopOrderMessages.packFirst })

      const packed = await call(app, s.vendorA, 'POST', `/api/vendor/orders/${order.id}/packed`)
      expect(packed.statusCode).toBe(200)
      expect(packed.json<ShopOrder>().status).toBe('PACKED')
      expect((await shopOrders(s.vendorA, '?status=packed')).map((part) => part.id)).toContain(order.id)
      expect((await shopOrders(s.vendorA, '?status=waiting')).map((part) => part.id)).not.toContain(order.id)
      // Shop B's part is its own: still waiting.
      const partB = await call(app, s.vendorB, 'GET', `/api/vendor/orders/${order.id}`)
      expect(partB.json<ShopOrder>().status).toBe('WAITING')

      const [first, second] = await Promise.all([
        call(app, s.vendorA, 'POST', `/api/vendor/orders/${order.id}/dispatched`),
        call(app, s.vendorA, 'POST', `/api/vendor/orders/${order.id}/dispatched`),
      ])
      expect([first?.statusCode, second?.statusCode]).toEqual([200, 200])
      expect(first?.json<ShopOrder>().status).toBe('DISPATCHED')
      // Packing again after the dispatch changes nothing.
      const again = await call(app, s.vendorA, 'POST', `/api/vendor/orders/${order.id}/packed`)
      expect(again.json<ShopOrder>().status).toBe('DISPATCHED')

      expect(await mailJobs(`order-dispatched:${order.id}:`)).toHaveLength(1)
      const sent = mails.filter((mail) => mail.subject.includes('has dispatched'))
      const mine = sent.filter((mail) => mail.text.includes(`Product ${a1}`) && mail.text.includes(order.id))
      expect(mine).toHaveLength(1)
      expect(mine[0]?.text).not.toContain(`Product ${b1}`)

      const records = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, order.id), eq(auditLog.shopId, SHOP_A)))
      expect(records.map((record) => record.action).sort()).toEqual(['order.dispatch', 'order.pack'])
    })
  })

  describe('today', () => {
    it("counts the shop's parts waiting, its low stock and its paid lines of the last seven days", async () => {
      const before = (await call(app, s.vendorA, 'GET', '/api/vendor/today')).json<ShopToday>()
      await paidOrder([
        [a1, 2, 500],
        [b1, 1, 7000],
      ])
      await paidOrder([[a2, 1, 12345]], { paidDaysAgo: 8 })
      await paidOrder([[a2, 1, 4000]], { status: 'PENDING' })
      await db.update(products).set({ qty: 2 }).where(eq(products.id, a2))
      const after = (await call(app, s.vendorA, 'GET', '/api/vendor/today')).json<ShopToday>()
      // Both paid orders wait to be packed, however old; the unpaid one does not.
      expect(after.waitingToPack).toBe(before.waitingToPack + 2)
      // 2 × £5 of shop A's; shop B's £70, the 8-day-old sale and the unpaid order do not count.
      expect(Math.round((after.weekSales - before.weekSales) * 100)).toBe(1000)
      expect(after.lowStock).toContainEqual(expect.objectContaining({ id: a2, qty: 2 }))
      const shopBToday = (await call(app, s.vendorB, 'GET', '/api/vendor/today')).json<ShopToday>()
      expect(shopBToday.lowStock.some((item) => item.id === a2)).toBe(false)
    })
  })

  describe("the operator's orders", () => {
    it('lists every order with filters and paging, and refuses vendors and customers', async () => {
      const order = await paidOrder([[b1, 1, 321]], { city: 'Pinnerfield' })
      const byTown = await call(app, s.admin, 'GET', '/api/admin/orders?town=pinnerf')
      expect(byTown.json<AdminOrderSummary[]>().map((row) => row.id)).toEqual([order.id])
      const byShop = await call(app, s.admin, 'GET', `/api/admin/orders?shopId=${SHOP_B}&size=100`)
      expect(
        byShop.json<AdminOrderSummary[]>().every((row) => row.shops.some((shop) => shop.id === SHOP_B)),
      ).toBe(true)
      const paged = await call(app, s.admin, 'GET', '/api/admin/orders?status=PAID&size=1&page=1')
      expect(paged.json<AdminOrderSummary[]>()).toHaveLength(1)
      expect(Number(paged.headers['x-total-count'])).toBeGreaterThan(1)
      const today = new Date().toISOString().slice(0, 10)
      const dated = await call(app, s.admin, 'GET', `/api/admin/orders?from=${today}&to=${today}&size=100`)
      expect(dated.json<AdminOrderSummary[]>().map((row) => row.id)).toContain(order.id)
      const detail = await call(app, s.admin, 'GET', `/api/admin/orders/${order.id}`)
      expect(detail.json<AdminOrderDetail>()).toMatchObject({ total: 4.81, refundable: 4.81 })
      for (const token of [s.vendorA, s.customer]) {
        expect((await call(app, token, 'GET', '/api/admin/orders')).statusCode).toBe(403)
        const refund = await call(app, token, 'POST', `/api/admin/orders/${order.id}/refunds`, {
          refundId: randomUUID(),
          scope: 'FULL',
        })
        expect(refund.statusCode).toBe(403)
      }
    })
  })

  describe('refunds', () => {
    const refund = (orderId: string, body: object) =>
      call(app, s.admin, 'POST', `/api/admin/orders/${orderId}/refunds`, body)

    it('refunds one line: the provider asked once for its amount, stock back, one mail, prices kept', async () => {
      const order = await paidOrder([
        [a1, 3, 250],
        [b1, 1, 999],
      ])
      vi.restoreAllMocks()
      const spy = vi.spyOn(provider, 'refund')
      const stockA = await stockOf(a1)
      const refundId = randomUUID()
      const body = { refundId, scope: 'LINES', lineIds: [order.lineIds[0]] }
      const [first, second] = await Promise.all([refund(order.id, body), refund(order.id, body)])
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 201])
      const again = await refund(order.id, body)
      expect(again.statusCode).toBe(200)
      const detail = again.json<AdminOrderDetail>()
      expect(detail).toMatchObject({
        orderStatus: 'PARTIALLY_REFUNDED',
        paymentStatus: 'PARTIALLY_REFUNDED',
        subTotal: 17.49,
        total: 19.09,
        refunded: 7.5,
        refundable: 11.59,
      })
      expect(detail.refunds).toEqual([
        expect.objectContaining({
          id: refundId,
          status: 'REFUNDED',
          amount: 7.5,
          lineIds: [order.lineIds[0]],
        }),
      ])
      expect(spy).toHaveBeenCalledTimes(1)
      expect(spy.mock.calls[0]?.[0]).toMatchObject({
        amountPence: 750,
        idempotencyKey: `order-refund-${refundId}`,
      })
      expect(await stockOf(a1)).toBe(stockA + 3)
      expect(await mailJobs(`order-refund:${refundId}`)).toHaveLength(1)
      // The line's recorded price stays what was paid.
      const [line] = await db
        .select()
        .from(orderProducts)
        .where(eq(orderProducts.id, order.lineIds[0] ?? 0))
      expect(line).toMatchObject({ pricePence: 250, quantity: 3, totalPricePence: 750 })

      // The same line again, under a new id: refused, nothing asked of the provider.
      const twice = await refund(order.id, {
        refundId: randomUUID(),
        scope: 'LINES',
        lineIds: [order.lineIds[0]],
      })
      expect(twice.statusCode).toBe(409)
      expect(twice.json()).toEqual({ message: shopOrderMessages.linesRefunded })
      expect(spy).toHaveBeenCalledTimes(1)
      // The refunded line leaves shop A's part (nothing to pack), shop B's stays.
      expect((await shopOrders(s.vendorA)).some((part) => part.id === order.id)).toBe(false)
      const packA = await call(app, s.vendorA, 'POST', `/api/vendor/orders/${order.id}/packed`)
      expect(packA.statusCode).toBe(409)
      expect((await shopOrders(s.vendorB)).some((part) => part.id === order.id)).toBe(true)

      // Then the rest in full: the remaining line and the delivery, and the order is REFUNDED.
      const full = await refund(order.id, { refundId: randomUUID(), scope: 'FULL' })
      expect(full.statusCode).toBe(201)
      expect(full.json<AdminOrderDetail>()).toMatchObject({
        orderStatus: 'REFUNDED',
        paymentStatus: 'REFUNDED',
        refunded: 19.09,
        refundable: 0,
      })
      expect(spy.mock.calls[1]?.[0]).toMatchObject({ amountPence: 1159 })
      const more = await refund(order.id, { refundId: randomUUID(), scope: 'FULL' })
      expect(more.statusCode).toBe(409)
      expect(spy).toHaveBeenCalledTimes(2)
      expect(
        mails.filter((mail) => mail.text.includes(order.id) && mail.subject.includes('refunded')),
      ).toHaveLength(2)
    })

    it('refunds a whole order once, stock back for every line', async () => {
      const order = await paidOrder([
        [a2, 2, 100],
        [b1, 1, 200],
      ])
      const stock = [await stockOf(a2), await stockOf(b1)]
      const refundId = randomUUID()
      const res = await refund(order.id, { refundId, scope: 'FULL' })
      expect(res.statusCode).toBe(201)
      expect(res.json<AdminOrderDetail>()).toMatchObject({ orderStatus: 'REFUNDED', refunded: 5.6 })
      expect([await stockOf(a2), await stockOf(b1)]).toEqual([(stock[0] ?? 0) + 2, (stock[1] ?? 0) + 1])
      expect(await mailJobs(`order-refund:${refundId}`)).toHaveLength(1)
      const records = await db.select().from(auditLog).where(eq(auditLog.entityId, order.id))
      expect(records.map((record) => record.action)).toEqual(['order.refund'])
    })

    it('refunds exactly once when the provider answer is lost and the job runs again', async () => {
      const order = await paidOrder([[a1, 1, 800]])
      const stock = await stockOf(a1)
      vi.restoreAllMocks()
      const real = provider.refund.bind(provider)
      const spy = vi.spyOn(provider, 'refund')
      // The provider makes the refund, but the answer never arrives (a crash or a cut connection).
      spy.mockImplementationOnce(async (input) => {
        await real(input)
        throw new Error('connection reset')
      })
      const refundId = randomUUID()
      const res = await refund(order.id, { refundId, scope: 'LINES', lineIds: order.lineIds })
      expect(res.statusCode).toBe(201)
      expect(res.json<AdminOrderDetail>().refunds[0]?.status).toBe('PENDING')
      expect(res.json<AdminOrderDetail>().orderStatus).toBe('PAID')
      // The job runner retries it (back-off 1 s), under the same idempotency key.
      await vi.waitFor(
        async () => {
          const detail = (
            await call(app, s.admin, 'GET', `/api/admin/orders/${order.id}`)
          ).json<AdminOrderDetail>()
          expect(detail.refunds[0]?.status).toBe('REFUNDED')
        },
        { timeout: 10_000, interval: 200 },
      )
      expect(spy.mock.calls.map((args) => args[0].idempotencyKey)).toEqual([
        `order-refund-${refundId}`,
        `order-refund-${refundId}`,
      ])
      expect(await stockOf(a1)).toBe(stock + 1)
      expect(await mailJobs(`order-refund:${refundId}`)).toHaveLength(1)
      spy.mockRestore()
    })

    it('refuses unpaid orders, lines of other orders and free lines', async () => {
      const unpaid = await paidOrder([[a1, 1, 100]], { status: 'PENDING' })
      const res = await refund(unpaid.id, { refundId: randomUUID(), scope: 'FULL' })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ message: shopOrderMessages.notRefundable })
      const paid = await paidOrder([
        [a1, 1, 100],
        [a2, 1, 0],
      ])
      const other = await refund(paid.id, { refundId: randomUUID(), scope: 'LINES', lineIds: unpaid.lineIds })
      expect(other.statusCode).toBe(400)
      const free = await refund(paid.id, {
        refundId: randomUUID(),
        scope: 'LINES',
        lineIds: [paid.lineIds[1]],
      })
      expect(free.statusCode).toBe(400)
      // A refund id already used on another order cannot be reused here.
      const refundId = randomUUID()
      expect(
        (await refund(paid.id, { refundId, scope: 'LINES', lineIds: [paid.lineIds[0]] })).statusCode,
      ).toBe(201)
      const reused = await refund(unpaid.id, { refundId, scope: 'FULL' })
      expect(reused.statusCode).toBe(409)
      const missing = await refund(randomUUID(), { refundId: randomUUID(), scope: 'FULL' })
      expect(missing.statusCode).toBe(404)
    })
  })
})
