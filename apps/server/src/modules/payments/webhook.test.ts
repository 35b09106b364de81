import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { paymentEvents } from '../../db/schema'
import { signWebhookPayload } from '../../providers/payments/webhook-signature'
import { DATABASE_KINDS } from '../../test/test-app'
import {
  createShopApp,
  deliverEvent,
  nth,
  orderRow,
  orderWith,
  paidEvent,
  product,
  productsForSale,
  setStock,
  type ShopApp,
  TEST_WEBHOOK_SECRET,
} from './payments-test-helpers'

describe.each(DATABASE_KINDS)('payment webhook on %s', (kind) => {
  let shop: ShopApp
  let forSale: Awaited<ReturnType<typeof productsForSale>>
  beforeAll(async () => {
    shop = await createShopApp(kind)
    forSale = await productsForSale(shop.db, 4)
  })
  afterAll(async () => {
    await shop?.close()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const at = (index: number) => nth(forSale, index)
  /** A fresh order for `quantity` of product `index`, with that product's stock set to `stock`. */
  async function pendingOrder(index: number, quantity: number, stock: number) {
    await setStock(shop.db, at(index).id, stock)
    const id = await orderWith(shop.app, [{ productId: at(index).id, quantity }])
    return { id, total: (await orderRow(shop.db, id)).totalAmountPence }
  }

  describe('signatures', () => {
    it('refuses a missing, wrong, stale or replayed-onto-another-body signature and changes nothing', async () => {
      const { id, total } = await pendingOrder(0, 1, 30)
      const event = paidEvent(id, total)
      const payload = JSON.stringify(event)
      const stale = new Date(Date.now() - 6 * 60 * 1000)
      const other = JSON.stringify(paidEvent(id, total))
      const cases: [string | undefined, string][] = [
        [undefined, payload],
        ['t=1,v1=deadbeef', payload],
        [signWebhookPayload(payload, 'whsec_wrong', new Date()), payload],
        [signWebhookPayload(payload, TEST_WEBHOOK_SECRET, stale), payload],
        [signWebhookPayload(other, TEST_WEBHOOK_SECRET, new Date()), payload],
        ['garbage', payload],
      ]
      for (const [signature, body] of cases) {
        const res = await shop.app.inject({
          method: 'POST',
          url: '/api/stripe/webhook',
          payload: body,
          headers: {
            'content-type': 'application/json',
            ...(signature ? { 'stripe-signature': signature } : {}),
          },
        })
        expect(res.statusCode).toBe(400)
        expect(res.json<{ message: string }>().message).toMatch(/^Webhook refused/)
      }
      expect(await orderRow(shop.db, id)).toMatchObject({ orderStatus: 'PENDING', paymentStatus: 'PENDING' })
      expect((await product(shop.db, at(0).id)).qty).toBe(30)
      expect(await shop.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id))).toEqual([])
    })

    it('needs no XSRF token: the signature is the authentication', async () => {
      const { id, total } = await pendingOrder(0, 1, 30)
      const res = await deliverEvent(shop, paidEvent(id, total))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ received: true })
    })
  })

  describe('fulfilment', () => {
    it('marks the order paid, takes the stock and mails a confirmation', async () => {
      const { id, total } = await pendingOrder(1, 3, 10)
      const mailsBefore = shop.mails.length
      const res = await deliverEvent(shop, paidEvent(id, total, { paymentIntentId: 'pi_test_fulfil' }))
      expect(res.statusCode).toBe(200)
      const row = await orderRow(shop.db, id)
      expect(row).toMatchObject({
        orderStatus: 'PAID',
        paymentStatus: 'PAID',
        paymentIntentId: 'pi_test_fulfil',
      })
      expect(row.datePaid).toBeInstanceOf(Date)
      expect((await product(shop.db, at(1).id)).qty).toBe(7)
      const mail = shop.mails.at(-1)
      expect(shop.mails.length).toBe(mailsBefore + 1)
      expect(mail?.to).toBe('ada@example.com')
      expect(mail?.subject).toContain(row.orderNumber)
      expect(mail?.text).toContain(at(1).productName)
      expect(mail?.text).toContain('12 Station Road')
      expect(mail?.html).toContain(row.orderNumber)
    })

    it('fulfils once when the same event arrives 20 times at once', async () => {
      const { id, total } = await pendingOrder(2, 2, 10)
      const mailsBefore = shop.mails.length
      const event = paidEvent(id, total)
      const results = await Promise.all(Array.from({ length: 20 }, () => deliverEvent(shop, event)))
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
      expect((await product(shop.db, at(2).id)).qty).toBe(8)
      expect(shop.mails.length).toBe(mailsBefore + 1)
      expect(await shop.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1)
    })

    it('records a declined card as FAILED and still fulfils a later success', async () => {
      const { id, total } = await pendingOrder(3, 1, 10)
      const failed = {
        id: `evt_failed_${id}`,
        type: 'payment_intent.payment_failed',
        data: {
          object: {
            id: 'pi_failed',
            object: 'payment_intent',
            amount: total,
            currency: 'gbp',
            metadata: { orderId: id },
          },
        },
      }
      expect((await deliverEvent(shop, failed)).statusCode).toBe(200)
      expect(await orderRow(shop.db, id)).toMatchObject({ orderStatus: 'PENDING', paymentStatus: 'FAILED' })
      expect((await deliverEvent(shop, paidEvent(id, total))).statusCode).toBe(200)
      expect(await orderRow(shop.db, id)).toMatchObject({ orderStatus: 'PAID', paymentStatus: 'PAID' })
      expect((await product(shop.db, at(3).id)).qty).toBe(9)
    })

    it('acknowledges unknown events and unpaid sessions without changing anything', async () => {
      const { id, total } = await pendingOrder(0, 1, 30)
      const unpaid = paidEvent(id, total)
      unpaid.data.object.payment_status = 'unpaid'
      const unknown = {
        id: 'evt_unknown_type',
        type: 'customer.created',
        data: { object: { id: 'cus_1', object: 'customer' } },
      }
      for (const event of [unpaid, unknown]) expect((await deliverEvent(shop, event)).statusCode).toBe(200)
      expect(await orderRow(shop.db, id)).toMatchObject({ orderStatus: 'PENDING', paymentStatus: 'PENDING' })
    })
  })

  describe('orders that cannot be filled', () => {
    it('refunds through the provider when the stock ran out, taking no stock', async () => {
      const { id, total } = await pendingOrder(0, 2, 30)
      await setStock(shop.db, at(0).id, 1)
      const refund = vi.spyOn(shop.provider, 'refund')
      const res = await deliverEvent(shop, paidEvent(id, total, { paymentIntentId: 'pi_sold_out' }))
      expect(res.statusCode).toBe(200)
      expect(refund).toHaveBeenCalledWith({ paymentIntentId: 'pi_sold_out', orderId: id })
      const row = await orderRow(shop.db, id)
      expect(row).toMatchObject({ orderStatus: 'REFUNDED', paymentStatus: 'REFUNDED' })
      expect(row.refundId).toMatch(/^re_/)
      expect((await product(shop.db, at(0).id)).qty).toBe(1)
      expect(shop.mails.at(-1)?.subject).toMatch(/refunded/)
      await setStock(shop.db, at(0).id, 30)
    })

    it('leaves REFUND_PENDING when the refund fails, and the retry finishes it', async () => {
      const { id, total } = await pendingOrder(1, 5, 10)
      await setStock(shop.db, at(1).id, 4)
      vi.spyOn(shop.provider, 'refund').mockRejectedValueOnce(new Error('provider down'))
      expect((await deliverEvent(shop, paidEvent(id, total))).statusCode).toBe(200)
      expect(await orderRow(shop.db, id)).toMatchObject({
        orderStatus: 'REFUND_PENDING',
        paymentStatus: 'PAID',
      })
      const pending = await shop.app.inject({ method: 'GET', url: `/api/public/orders/${id}` })
      expect(pending.json<{ orderStatus: string }>().orderStatus).toBe('REFUND_PENDING')

      // The refund job is retried with back-off (the first retry a second later) until the provider takes it;
      // the shopper's mail is a job of its own, queued with the refund and sent after it.
      const refundMails = () =>
        shop.mails.filter((mail) => mail.subject.endsWith('was refunded') && mail.text.includes(id))
      await vi.waitFor(
        async () => {
          expect(await orderRow(shop.db, id)).toMatchObject({
            orderStatus: 'REFUNDED',
            paymentStatus: 'REFUNDED',
          })
          expect(refundMails()).toHaveLength(1)
        },
        { timeout: 10_000, interval: 100 },
      )
      expect((await product(shop.db, at(1).id)).qty).toBe(4)
    })

    it('refunds a payment whose amount does not match the order', async () => {
      const { id, total } = await pendingOrder(2, 1, 10)
      const refund = vi.spyOn(shop.provider, 'refund')
      expect((await deliverEvent(shop, paidEvent(id, total - 100))).statusCode).toBe(200)
      expect(refund).toHaveBeenCalledTimes(1)
      expect(await orderRow(shop.db, id)).toMatchObject({ orderStatus: 'REFUNDED' })
      expect((await product(shop.db, at(2).id)).qty).toBe(10)
    })

    it('refunds a second payment of an order already paid, keeping the first', async () => {
      const { id, total } = await pendingOrder(3, 1, 10)
      expect(
        (await deliverEvent(shop, paidEvent(id, total, { paymentIntentId: 'pi_first' }))).statusCode,
      ).toBe(200)
      const refund = vi.spyOn(shop.provider, 'refund')
      expect(
        (await deliverEvent(shop, paidEvent(id, total, { paymentIntentId: 'pi_second' }))).statusCode,
      ).toBe(200)
      expect(refund).toHaveBeenCalledWith({ paymentIntentId: 'pi_second', orderId: id })
      expect(await orderRow(shop.db, id)).toMatchObject({ orderStatus: 'PAID', paymentIntentId: 'pi_first' })
      expect((await product(shop.db, at(3).id)).qty).toBe(9)
    })
  })
})
