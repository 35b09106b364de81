import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { jobs, sandboxCheckouts } from '../../db/schema'
import { DATABASE_KINDS } from '../../test/test-app'
import { FIRST_CHECK_AFTER_MS } from './reconciliation.service'
import { cardMessages } from './sandbox-card'
import { ABANDONED_AFTER_MS } from './checkout.service'
import {
  cardForm,
  createShopApp,
  nth,
  orderRow,
  orderWith,
  paymentServicesAt,
  payPage,
  post,
  product,
  productsForSale,
  PUBLIC_URL,
  setStock,
  type ShopApp,
} from './payments-test-helpers'

/**
 * A taken payment is never lost: its webhook is retried by whichever process is alive, and reconciliation
 * finds a payment whose webhook never came at all, even on an order about to be closed as abandoned.
 */
describe.each(DATABASE_KINDS)('payments that survive failures on %s', (kind) => {
  let shop: ShopApp
  let forSale: Awaited<ReturnType<typeof productsForSale>>
  beforeAll(async () => {
    shop = await createShopApp(kind)
    forSale = await productsForSale(shop.db, 6)
  })
  afterAll(async () => {
    await shop?.close()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const at = (index: number) => nth(forSale, index)

  async function linkFor(index: number, quantity = 1) {
    await setStock(shop.db, at(index).id, 10)
    const orderId = await orderWith(shop.app, [{ productId: at(index).id, quantity }])
    const res = await post(shop.app, '/api/stripe/create-payment-link', [{ orderId }])
    const url = new URL(res.json<{ paymentLinkUrl: string }>().paymentLinkUrl)
    return { orderId, path: url.pathname, pageId: url.pathname.split('/').at(-1) ?? '' }
  }

  const pay = (target: ShopApp, path: string, orderId: string) =>
    payPage(target.app, path, cardForm('4242 4242 4242 4242', orderId))

  const confirmations = (target: ShopApp, orderId: string) =>
    target.mails.filter((mail) => !mail.subject.endsWith('refunded') && mail.text.includes(orderId))

  const webhookJobs = () => shop.db.select().from(jobs).where(eq(jobs.queue, 'sandbox-webhook'))

  it('records the payment with its webhook, and retries a webhook the shop refused until it is taken', async () => {
    const { orderId, path } = await linkFor(0, 2)
    // The shop's handler fails the first delivery (a database hiccup, say).
    vi.spyOn(shop.provider, 'verifyWebhook').mockImplementationOnce(() => {
      throw new Error('database unavailable')
    })
    const res = await pay(shop, path, orderId)
    // The shopper still reaches the confirmation page, which follows the order until it is paid.
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`${PUBLIC_URL}/order-confirmation/${orderId}`)
    expect(await orderRow(shop.db, orderId)).toMatchObject({ orderStatus: 'PENDING' })
    const [job] = (await webhookJobs()).filter((row) => row.doneAt === null)
    expect(job).toMatchObject({ attempts: 1, lastError: 'database unavailable' })

    await vi.waitFor(async () => expect((await orderRow(shop.db, orderId)).orderStatus).toBe('PAID'), {
      timeout: 10_000,
      interval: 100,
    })
    expect((await product(shop.db, at(0).id)).qty).toBe(8)
    await vi.waitFor(() => expect(confirmations(shop, orderId)).toHaveLength(1), { timeout: 5000 })
  })

  it('tells the shopper nothing was charged when the payment cannot be recorded, and takes it on a retry', async () => {
    const { orderId, path, pageId } = await linkFor(0)
    vi.spyOn(shop.provider.checkouts, 'takePayment').mockRejectedValueOnce(new Error('database restarting'))
    const refused = await pay(shop, path, orderId)
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['content-type']).toContain('text/html')
    expect(refused.body).toContain(cardMessages.notTaken)
    const [page] = await shop.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, pageId))
    expect(page).toMatchObject({ active: true, completedSessions: 0, paidAt: null })
    expect((await pay(shop, path, orderId)).statusCode).toBe(303)
    expect((await orderRow(shop.db, orderId)).orderStatus).toBe('PAID')
  })

  it('has another process deliver the webhook of a payment taken by one that went away', async () => {
    const { orderId, path } = await linkFor(1)
    const doomed = await createShopApp(kind, { sharing: shop })
    // The doomed process takes the payment but never gets its webhook through before it stops.
    vi.spyOn(doomed.provider, 'signWebhook').mockReturnValue('t=1,v1=never-valid')
    const res = await pay(doomed, path, orderId)
    expect(res.statusCode).toBe(303)
    await doomed.close()
    const [page] = await shop.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.orderId, orderId))
    expect(page).toMatchObject({ active: false, completedSessions: 1 })
    expect(page?.paymentIntentId).toMatch(/^pi_/)

    // The surviving process's poll finds the job (due again a second later) and delivers it.
    await vi.waitFor(async () => expect((await orderRow(shop.db, orderId)).orderStatus).toBe('PAID'), {
      timeout: 10_000,
      interval: 100,
    })
    expect((await orderRow(shop.db, orderId)).paymentIntentId).toBe(page?.paymentIntentId)
    await vi.waitFor(() => expect(confirmations(shop, orderId)).toHaveLength(1), { timeout: 5000 })
    expect(confirmations(doomed, orderId)).toHaveLength(0)
  })

  /** A payment taken whose webhook is lost outright (its job deleted): only the provider knows of it. */
  async function paidWithoutWebhook(index: number) {
    const { orderId, path } = await linkFor(index)
    const doomed = await createShopApp(kind, { sharing: shop })
    vi.spyOn(doomed.provider, 'signWebhook').mockReturnValue('t=1,v1=never-valid')
    expect((await pay(doomed, path, orderId)).statusCode).toBe(303)
    await doomed.close()
    await shop.db.delete(jobs).where(eq(jobs.queue, 'sandbox-webhook'))
    expect((await orderRow(shop.db, orderId)).orderStatus).toBe('PENDING')
    return orderId
  }

  it('finds a payment whose webhook never came by asking the provider, a few minutes on', async () => {
    const orderId = await paidWithoutWebhook(2)
    const soon = paymentServicesAt(shop, () => new Date(Date.now() + FIRST_CHECK_AFTER_MS / 2))
    await soon.reconciliation.run()
    expect((await orderRow(shop.db, orderId)).orderStatus).toBe('PENDING') // the webhook may still come

    const later = paymentServicesAt(shop, () => new Date(Date.now() + FIRST_CHECK_AFTER_MS + 1000))
    await later.reconciliation.run()
    const row = await orderRow(shop.db, orderId)
    expect(row).toMatchObject({ orderStatus: 'PAID', paymentStatus: 'PAID' })
    expect(row.paymentCheckedAt).not.toBeNull()
    expect((await product(shop.db, at(2).id)).qty).toBe(9)
    // Asked again, the same payment changes nothing.
    await paymentServicesAt(shop, () => new Date(Date.now() + 60 * 60 * 1000)).reconciliation.run()
    expect((await product(shop.db, at(2).id)).qty).toBe(9)
  })

  it('never closes an abandoned order whose payment was taken: it is fulfilled instead', async () => {
    const orderId = await paidWithoutWebhook(3)
    const unpaid = await linkFor(4)
    const dayLater = paymentServicesAt(shop, () => new Date(Date.now() + ABANDONED_AFTER_MS + 60_000))
    await dayLater.reconciliation.run()
    expect((await orderRow(shop.db, orderId)).orderStatus).toBe('PAID')
    expect((await orderRow(shop.db, unpaid.orderId)).orderStatus).toBe('CANCELLED')
    const [page] = await shop.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, unpaid.pageId))
    expect(page?.active).toBe(false)
  })

  it('refunds a payment found on an abandoned order whose goods have sold out meanwhile', async () => {
    const orderId = await paidWithoutWebhook(5)
    await setStock(shop.db, at(5).id, 0)
    const refund = vi.spyOn(shop.provider, 'refund')
    const dayLater = paymentServicesAt(shop, () => new Date(Date.now() + ABANDONED_AFTER_MS + 60_000))
    await dayLater.reconciliation.run()
    expect(refund).toHaveBeenCalledTimes(1)
    expect(await orderRow(shop.db, orderId)).toMatchObject({
      orderStatus: 'REFUNDED',
      paymentStatus: 'REFUNDED',
    })
  })
})
