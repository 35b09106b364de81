import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CheckoutSessionResponseSchema, effectivePricePence, PaymentLinkResponseSchema } from '@larder/shared'
import { orders, sandboxCheckouts } from '../../db/schema'
import { DATABASE_KINDS } from '../../test/test-app'
import { ABANDONED_AFTER_MS } from './checkout.service'
import { createOrdersRepository } from '../orders/orders.repository'
import {
  addLine,
  createOrder,
  createShopApp,
  deliverEvent,
  nth,
  orderRow,
  orderWith,
  paidEvent,
  paymentServicesAt,
  post,
  product,
  productsForSale,
  PUBLIC_URL,
  setStock,
  type ShopApp,
} from './payments-test-helpers'

// Both drivers answer EXPLAIN with one row per line of the plan.
const PlanSchema = z.object({ rows: z.array(z.object({ 'QUERY PLAN': z.string() })) })

describe.each(DATABASE_KINDS)('payment pages on %s', (kind) => {
  let shop: ShopApp
  let forSale: Awaited<ReturnType<typeof productsForSale>>
  beforeAll(async () => {
    shop = await createShopApp(kind)
    forSale = await productsForSale(shop.db, 3)
  })
  afterAll(async () => {
    await shop?.close()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const item = (orderId: string, extra: object = {}) => ({
    priceId: 'price_tampered',
    quantity: 99,
    orderId,
    customerId: 7,
    productIds: [1],
    ...extra,
  })
  const paymentLink = (items: object[]) => post(shop.app, '/api/stripe/create-payment-link', items)
  const pageFor = async (url: string) => {
    const id = new URL(url).pathname.split('/').pop() ?? ''
    const [row] = await shop.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id))
    if (!row) throw new Error(`no sandbox page ${id}`)
    return row
  }
  const at = (index: number) => nth(forSale, index)

  it('builds the link from the stored lines plus delivery, ignoring the items sent', async () => {
    const [a, b] = [at(0), at(1)]
    const orderId = await orderWith(shop.app, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ])
    const res = await paymentLink([item(orderId), item(orderId, { priceId: 'price_other', quantity: 1 })])
    expect(res.statusCode).toBe(200)
    const { paymentLinkUrl } = PaymentLinkResponseSchema.parse(res.json())
    const url = new URL(paymentLinkUrl)
    expect(url.origin).toBe(PUBLIC_URL)
    expect(url.pathname).toMatch(/^\/sandbox\/pay\/plink_[A-Za-z0-9]{24}$/)
    expect(url.searchParams.get('client_reference_id')).toBe(orderId)

    const page = await pageFor(paymentLinkUrl)
    const total = effectivePricePence(a) * 2 + effectivePricePence(b) + 160
    expect(page.amountTotalPence).toBe(total)
    expect(page.afterPaymentUrl).toBe(`${PUBLIC_URL}/order-confirmation/${orderId}`)
    expect(page.lineItems.map((line) => [line.name, line.quantity, line.unitAmountPence])).toEqual([
      [a.productName, 2, effectivePricePence(a)],
      [b.productName, 1, effectivePricePence(b)],
      ['Delivery', 1, 160],
    ])
    expect(page.lineItems.some((line) => line.priceId === 'price_tampered')).toBe(false)
  })

  it('gives an unchanged order its link back, and a changed one a new link while the old one stops', async () => {
    const orderId = await orderWith(shop.app, [{ productId: at(0).id, quantity: 1 }])
    const createLink = vi.spyOn(shop.provider, 'createPaymentLink')
    const first = PaymentLinkResponseSchema.parse((await paymentLink([item(orderId)])).json()).paymentLinkUrl
    const again = await Promise.all([1, 2, 3].map(() => paymentLink([item(orderId)])))
    expect(again.map((r) => r.json<{ paymentLinkUrl: string }>().paymentLinkUrl)).toEqual([
      first,
      first,
      first,
    ])
    expect(createLink).toHaveBeenCalledTimes(1)

    expect((await addLine(shop.app, orderId, at(1).id, 1)).statusCode).toBe(201)
    const second = PaymentLinkResponseSchema.parse((await paymentLink([item(orderId)])).json()).paymentLinkUrl
    expect(second).not.toBe(first)
    expect((await pageFor(first)).active).toBe(false)
    expect((await pageFor(second)).active).toBe(true)
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, orderId))
    expect(row?.paymentLinkUrl).toBe(second)
  })

  it('checks the stock again, naming the product that no longer fits', async () => {
    const c = at(2)
    const orderId = await orderWith(shop.app, [{ productId: c.id, quantity: 3 }])
    await setStock(shop.db, c.id, 2)
    const res = await paymentLink([item(orderId)])
    expect(res.statusCode).toBe(409)
    expect(res.json<{ message: string }>().message).toBe(`Sorry, only 2 of "${c.productName}" left in stock.`)
    await setStock(shop.db, c.id, 40)
  })

  it('refuses items naming different orders, unknown or paid orders, and empty ones', async () => {
    const one = await orderWith(shop.app, [{ productId: at(0).id, quantity: 1 }])
    const other = await createOrder(shop.app)
    expect((await paymentLink([item(one), item(other.id)])).statusCode).toBe(400)
    expect((await paymentLink([])).statusCode).toBe(400)
    expect((await paymentLink([item('c0ffee00-1234-4abc-8def-000000000000')])).statusCode).toBe(404)
    const empty = await paymentLink([item(other.id)])
    expect(empty.statusCode).toBe(409)
    expect(empty.json<{ message: string }>().message).toMatch(/no products/)

    const [row] = await shop.db.select().from(orders).where(eq(orders.id, one))
    expect((await deliverEvent(shop, paidEvent(one, row?.totalAmountPence ?? 0))).statusCode).toBe(200)
    const paid = await paymentLink([item(one)])
    expect(paid.statusCode).toBe(409)
    expect(paid.json<{ message: string }>().message).toMatch(/already been paid/)
  })

  it('cancels an unpaid order: its link stops, a payment on it anyway is refunded, a paid order stays', async () => {
    const orderId = await orderWith(shop.app, [{ productId: at(0).id, quantity: 1 }])
    const link = PaymentLinkResponseSchema.parse((await paymentLink([item(orderId)])).json()).paymentLinkUrl
    const cancel = (id: string) => post(shop.app, `/api/public/orders/${id}/cancel`)

    const cancelled = await cancel(orderId)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toEqual({ id: orderId, orderStatus: 'CANCELLED' })
    expect((await pageFor(link)).active).toBe(false)
    expect((await cancel(orderId)).statusCode).toBe(200)
    expect((await paymentLink([item(orderId)])).statusCode).toBe(409)
    expect((await addLine(shop.app, orderId, at(1).id, 1)).statusCode).toBe(409)

    // A page opened before the cancel and paid after it: the money goes back, no stock is taken.
    const stockBefore = (await product(shop.db, at(0).id)).qty
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, orderId))
    expect((await deliverEvent(shop, paidEvent(orderId, row?.totalAmountPence ?? 0))).statusCode).toBe(200)
    await vi.waitFor(async () => expect((await orderRow(shop.db, orderId)).orderStatus).toBe('REFUNDED'))
    expect((await product(shop.db, at(0).id)).qty).toBe(stockBefore)

    const paidId = await orderWith(shop.app, [{ productId: at(1).id, quantity: 1 }])
    const paid = await orderRow(shop.db, paidId)
    expect((await deliverEvent(shop, paidEvent(paidId, paid.totalAmountPence))).statusCode).toBe(200)
    const refused = await cancel(paidId)
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ message: string }>().message).toMatch(/already been paid/)
    expect((await orderRow(shop.db, paidId)).orderStatus).toBe('PAID')

    expect((await cancel('c0ffee00-1234-4abc-8def-000000000000')).statusCode).toBe(404)
    expect((await cancel('nope')).statusCode).toBe(400)
  })

  it('makes a checkout session for an order, replacing its link and any earlier session', async () => {
    const orderId = await orderWith(shop.app, [{ productId: at(1).id, quantity: 2 }])
    const link = PaymentLinkResponseSchema.parse((await paymentLink([item(orderId)])).json()).paymentLinkUrl
    const session = async () => {
      const res = await post(shop.app, `/api/stripe/create-checkout-session?orderId=${orderId}`, {})
      expect(res.statusCode).toBe(200)
      return CheckoutSessionResponseSchema.parse(res.json())
    }
    const first = await session()
    expect(first.sessionId).toMatch(/^cs_test_[A-Za-z0-9]{24}$/)
    expect(first.url).toBe(`${PUBLIC_URL}/sandbox/pay/${first.sessionId}`)
    expect((await pageFor(link)).active).toBe(false)
    const page = await pageFor(first.url)
    expect(page).toMatchObject({ kind: 'checkout_session', customerEmail: 'ada@example.com' })
    expect(page.amountTotalPence).toBe(effectivePricePence(at(1)) * 2 + 160)

    const second = await session()
    expect(second.sessionId).not.toBe(first.sessionId)
    expect((await pageFor(first.url)).active).toBe(false)
    expect((await post(shop.app, '/api/stripe/create-checkout-session?orderId=nope')).statusCode).toBe(400)
  })
  // Last in the file: it closes every open order the earlier tests left behind.
  it('closes orders left unpaid for a day, switching their pages off, and leaves paid and newer ones', async () => {
    const stale = await orderWith(shop.app, [{ productId: at(0).id, quantity: 1 }])
    const link = PaymentLinkResponseSchema.parse((await paymentLink([item(stale)])).json()).paymentLinkUrl
    const paid = await orderWith(shop.app, [{ productId: at(1).id, quantity: 1 }])
    const paidRow = await orderRow(shop.db, paid)
    expect((await deliverEvent(shop, paidEvent(paid, paidRow.totalAmountPence))).statusCode).toBe(200)

    const sweepAt = (now: Date) => paymentServicesAt(shop, () => now).reconciliation.run()
    // Not yet a day old: nothing closes.
    await sweepAt(new Date(Date.now() + ABANDONED_AFTER_MS - 60_000))
    expect((await orderRow(shop.db, stale)).orderStatus).toBe('PENDING')

    await sweepAt(new Date(Date.now() + ABANDONED_AFTER_MS + 60_000))
    expect((await orderRow(shop.db, stale)).orderStatus).toBe('CANCELLED')
    expect((await pageFor(link)).active).toBe(false)
    expect((await orderRow(shop.db, paid)).orderStatus).toBe('PAID')
  })

  it('reads pending orders through their own partial index, not the whole table', async () => {
    const plan = await shop.db.transaction(async (tx) => {
      // With a handful of rows a sequential scan is cheapest; turned off, the plan shows whether the
      // index can answer the query at all.
      await tx.execute(sql`set local enable_seqscan = off`)
      const query = createOrdersRepository(shop.db).abandoned(new Date(), 100)
      const { rows } = PlanSchema.parse(await tx.execute(sql`explain ${query}`))
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('orders_unpaid_idx')
  })
})
