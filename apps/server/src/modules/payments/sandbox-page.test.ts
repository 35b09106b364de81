import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatPounds, penceToPounds } from '@larder/shared'
import { DATABASE_KINDS } from '../../test/test-app'
import { cardMessages } from './sandbox-card'
import {
  cardForm,
  createShopApp,
  nth,
  orderRow,
  orderWith,
  payPage,
  post,
  product,
  productsForSale,
  PUBLIC_URL,
  setStock,
  type ShopApp,
} from './payments-test-helpers'

describe.each(DATABASE_KINDS)('sandbox payment page on %s', (kind) => {
  let shop: ShopApp
  let forSale: Awaited<ReturnType<typeof productsForSale>>
  beforeAll(async () => {
    shop = await createShopApp(kind)
    forSale = await productsForSale(shop.db, 2)
  })
  afterAll(async () => {
    await shop?.close()
  })

  const at = (index: number) => nth(forSale, index)

  /** An order of two of product `index` with its payment link; answers the page path the browser opens. */
  async function linkFor(index: number) {
    await setStock(shop.db, at(index).id, 10)
    const orderId = await orderWith(shop.app, [{ productId: at(index).id, quantity: 2 }])
    const res = await post(shop.app, '/api/stripe/create-payment-link', [{ orderId }])
    const url = new URL(res.json<{ paymentLinkUrl: string }>().paymentLinkUrl)
    return { orderId, path: url.pathname, query: url.search }
  }

  const pay = (path: string, fields: Record<string, string>) => payPage(shop.app, path, fields)
  const card = cardForm

  it('shows the order and a card form, with its own script file only, under the app CSP', async () => {
    const { orderId, path, query } = await linkFor(0)
    const res = await shop.app.inject({ method: 'GET', url: `${path}${query}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    const total = (await orderRow(shop.db, orderId)).totalAmountPence
    expect(res.body).toContain(formatPounds(penceToPounds(total)))
    expect(res.body).toContain(at(0).productName.replaceAll('&', '&amp;'))
    expect(res.body).toContain('Delivery')
    expect(res.body).toContain('autocomplete="cc-number"')
    expect(res.body).toContain(`name="client_reference_id" value="${orderId}"`)
    // No inline code: the one script is a file of this server's, which the CSP's 'self' allows.
    expect(res.body.match(/<script[^>]*>/gi)).toEqual(['<script src="/sandbox/pay/card-form.js" defer>'])
    const script = await shop.app.inject({ method: 'GET', url: '/sandbox/pay/card-form.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toContain('text/javascript')
    expect(script.body).toContain("getElementById('expiry')")
  })

  it("starts the e-mail field with the order's address, which the shopper may change", async () => {
    const { path, query } = await linkFor(0)
    const res = await shop.app.inject({ method: 'GET', url: `${path}${query}` })
    expect(res.body).toMatch(
      /<input id="email" name="email" type="email" autocomplete="email" value="ada@example.com">/,
    )
    const typed = await pay(path, { ...card('4111 1111 1111 1111', ''), email: 'grace@example.com' })
    expect(typed.body).toContain('value="grace@example.com"')
  })

  it("shows every field's mistake at once, each field marked, keeping what was typed", async () => {
    const { orderId, path } = await linkFor(1)
    const res = await pay(path, { ...card('4111 1111 1111 1111', orderId), expiry: '1320', cvc: '1' })
    expect(res.statusCode).toBe(400)
    const html = res.body
    for (const message of [
      cardMessages.invalidNumber,
      cardMessages.expiryIncomplete,
      cardMessages.cvcIncomplete,
    ])
      expect(html).toContain(message.replaceAll("'", '&#39;'))
    for (const field of ['cardNumber', 'expiry', 'cvc'])
      expect(html).toMatch(
        new RegExp(`id="${field}"[^>]*aria-invalid="true" aria-describedby="${field}-error"`),
      )
    expect(html).toContain('value="4111 1111 1111 1111"')
    // Bare digits, as a form without its script sends them, come back written as the script writes them.
    expect(html).toContain('value="13 / 20"')
    expect(await orderRow(shop.db, orderId)).toMatchObject({
      orderStatus: 'PENDING',
      paymentStatus: 'PENDING',
    })
  })

  it('takes an expiry typed as bare digits (1234), as a form without its script sends it', async () => {
    const { orderId, path } = await linkFor(0)
    const res = await pay(path, { ...card('4242 4242 4242 4242', orderId), expiry: '1234' })
    expect(res.statusCode).toBe(303)
    expect(await orderRow(shop.db, orderId)).toMatchObject({ orderStatus: 'PAID', paymentStatus: 'PAID' })
  })

  it('pays with 4242 4242 4242 4242: order PAID, stock down, mail sent, then back to the confirmation page', async () => {
    const { orderId, path } = await linkFor(0)
    const mailsBefore = shop.mails.length
    const res = await pay(path, card('4242 4242 4242 4242', orderId))
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`${PUBLIC_URL}/order-confirmation/${orderId}`)
    const row = await orderRow(shop.db, orderId)
    expect(row).toMatchObject({ orderStatus: 'PAID', paymentStatus: 'PAID', paymentMethod: 'card' })
    expect(row.paymentIntentId).toMatch(/^pi_[A-Za-z0-9]{24}$/)
    expect(row.checkoutSessionId).toMatch(/^cs_test_[A-Za-z0-9]{24}$/)
    expect((await product(shop.db, at(0).id)).qty).toBe(8)
    expect(shop.mails.length).toBe(mailsBefore + 1)
    expect(shop.mails.at(-1)?.subject).toContain(row.orderNumber)

    // One payment per link, as with Stripe's completed_sessions limit.
    const used = await shop.app.inject({ method: 'GET', url: path })
    expect(used.statusCode).toBe(410)
    expect(used.body).toContain('no longer active')
    expect((await pay(path, card('4242424242424242', orderId))).statusCode).toBe(410)
  })

  it("pays the link's own order even when the payer edits client_reference_id to name another", async () => {
    const { orderId, path } = await linkFor(0)
    const other = await linkFor(1)
    const res = await pay(path, card('4242 4242 4242 4242', other.orderId))
    expect(res.statusCode).toBe(303)
    expect(await orderRow(shop.db, orderId)).toMatchObject({ orderStatus: 'PAID', paymentStatus: 'PAID' })
    expect(await orderRow(shop.db, other.orderId)).toMatchObject({
      orderStatus: 'PENDING',
      paymentStatus: 'PENDING',
    })
  })

  it('declines 4000 0000 0000 0002 with the message, leaving the order unpaid and open', async () => {
    const { orderId, path } = await linkFor(1)
    const res = await pay(path, card('4000 0000 0000 0002', orderId))
    // To a page of its own (post, redirect, get), so that Back later never asks to send the form again.
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`${path}?declined=1&client_reference_id=${orderId}`)
    const declined = await shop.app.inject({ method: 'GET', url: String(res.headers.location) })
    expect(declined.statusCode).toBe(200)
    expect(declined.body).toContain(cardMessages.declined)
    expect(declined.body).toContain('role="alert"')
    expect(declined.body).toContain(`value="${orderId}"`)
    expect(await orderRow(shop.db, orderId)).toMatchObject({
      orderStatus: 'PENDING',
      paymentStatus: 'FAILED',
      datePaid: null,
    })
    expect((await product(shop.db, at(1).id)).qty).toBe(10)

    const retry = await pay(path, card('4242 4242 4242 4242', orderId))
    expect(retry.statusCode).toBe(303)
    expect(await orderRow(shop.db, orderId)).toMatchObject({ orderStatus: 'PAID', paymentStatus: 'PAID' })
  })

  it.each([
    ['4111 1111 1111 1111', '12 / 34', '123', cardMessages.invalidNumber],
    ['', '12 / 34', '123', cardMessages.invalidNumber],
    ['4242 4242 4242 4242', '13 / 34', '123', cardMessages.expiryIncomplete],
    ['4242 4242 4242 4242', '01 / 20', '123', cardMessages.expiryPast],
    ['4242 4242 4242 4242', '12 / 34', '1', cardMessages.cvcIncomplete],
  ])(
    'refuses card %s, expiry %s, CVC %s with a message and no payment',
    async (cardNumber, expiry, cvc, message) => {
      const { orderId, path } = await linkFor(1)
      const res = await pay(path, { ...card(cardNumber, orderId), expiry, cvc })
      expect(res.statusCode).toBe(400)
      expect(res.body).toContain(message.replaceAll("'", '&#39;'))
      expect(await orderRow(shop.db, orderId)).toMatchObject({
        orderStatus: 'PENDING',
        paymentStatus: 'PENDING',
      })
    },
  )

  it('pays a checkout session and lands on its success address', async () => {
    await setStock(shop.db, at(1).id, 10)
    const orderId = await orderWith(shop.app, [{ productId: at(1).id, quantity: 1 }])
    const session = await post(shop.app, `/api/stripe/create-checkout-session?orderId=${orderId}`)
    const { url, sessionId } = session.json<{ url: string; sessionId: string }>()
    const res = await pay(new URL(url).pathname, card('4242 4242 4242 4242', ''))
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`${PUBLIC_URL}/order-confirmation/${orderId}`)
    expect(await orderRow(shop.db, orderId)).toMatchObject({
      orderStatus: 'PAID',
      checkoutSessionId: sessionId,
    })
  })

  it('answers 404 for a page that does not exist', async () => {
    for (const path of ['/sandbox/pay/plink_000000000000000000000000', '/sandbox/pay/../../etc'])
      expect((await shop.app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
  })
})
