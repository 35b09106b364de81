import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { seedSmallShop } from '../../modules/payments/payments-test-helpers'
import { createTestApp } from '../../test/test-app'
import { createStripeProvider } from './stripe'

interface Recorded {
  method: string
  path: string
  query: Record<string, string>
  form: Record<string, string>
  idempotencyKey: string | undefined
  authorization: string | undefined
}

const SECRET_KEY = 'sk_test_contract'
const WEBHOOK_SECRET = 'whsec_contract'
const ORDER_ID = '5b0e9e0c-7a61-4b7e-9a52-3f1d2c4b5a69'

const lineItemCount = (form: Record<string, string>) =>
  new Set(Object.keys(form).flatMap((key) => /^line_items\[(\d+)\]/.exec(key)?.[1] ?? [])).size

/** Stripe-shaped answers for the calls the shop makes, by path, refusing what Stripe refuses. */
function answer(method: string, path: string, form: Record<string, string>): Record<string, unknown> {
  if (method === 'GET') return answerRead(path)
  const itemLimit = path === '/v1/payment_links' ? 20 : path === '/v1/checkout/sessions' ? 100 : Infinity
  if (lineItemCount(form) > itemLimit)
    return { error: { type: 'invalid_request_error', message: `line_items: at most ${itemLimit}` } }
  if (path === '/v1/products') return { id: 'prod_Contract', object: 'product', name: form.name }
  if (path === '/v1/prices')
    return { id: `price_${form.unit_amount}`, object: 'price', unit_amount: Number(form.unit_amount) }
  if (path === '/v1/payment_links')
    return {
      id: 'plink_Contract',
      object: 'payment_link',
      active: true,
      url: 'https://buy.stripe.com/test_contract',
    }
  if (path.startsWith('/v1/payment_links/'))
    return { id: path.split('/')[3], object: 'payment_link', active: false }
  if (path === '/v1/checkout/sessions') {
    return {
      id: 'cs_test_Contract',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_Contract',
    }
  }
  if (path.endsWith('/expire'))
    return { id: path.split('/')[4], object: 'checkout.session', status: 'expired' }
  if (path === '/v1/refunds') return { id: 're_Contract', object: 'refund', status: 'succeeded' }
  return { error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path})` } }
}

/** A completed checkout session as Stripe lists it, paid or not. */
const completedSession = (id: string, paymentStatus: 'paid' | 'unpaid', paymentIntent: string) => ({
  id,
  object: 'checkout.session',
  status: 'complete',
  payment_status: paymentStatus,
  payment_intent: paymentIntent,
  payment_link: 'plink_Paid',
  amount_total: 1249,
  currency: 'gbp',
  metadata: {},
  payment_method_types: ['card'],
})

/** The reads reconciliation makes: a link's completed sessions, one session. */
function answerRead(path: string): Record<string, unknown> {
  if (path === '/v1/checkout/sessions')
    return {
      object: 'list',
      url: '/v1/checkout/sessions',
      has_more: false,
      data: [
        completedSession('cs_test_Paid', 'paid', 'pi_Paid'),
        completedSession('cs_test_Transfer', 'unpaid', 'pi_Transfer'),
      ],
    }
  if (path === '/v1/checkout/sessions/cs_test_Open')
    return { id: 'cs_test_Open', object: 'checkout.session', status: 'open', payment_status: 'unpaid' }
  return { error: { type: 'invalid_request_error', message: `Unrecognized request URL (GET: ${path})` } }
}

/** A stand-in for api.stripe.com on 127.0.0.1 that records every request the real SDK makes. */
async function startFakeStripe() {
  const requests: Recorded[] = []
  const server = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1')
      const path = url.pathname
      const form = Object.fromEntries(new URLSearchParams(body))
      const idempotencyKey = request.headers['idempotency-key']
      requests.push({
        method: request.method ?? '',
        path,
        query: Object.fromEntries(url.searchParams),
        form,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
        authorization: request.headers.authorization,
      })
      const json = answer(request.method ?? '', path, form)
      response.writeHead('error' in json ? 404 : 200, {
        'content-type': 'application/json',
        'request-id': 'req_contract',
      })
      response.end(JSON.stringify(json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('Stripe provider contract (the real SDK against a recording server)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>
  let now = new Date('2026-11-21T10:00:00Z')
  const provider = () =>
    createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.base,
      clock: () => now,
    })

  beforeAll(async () => {
    fake = await startFakeStripe()
  })
  afterAll(async () => {
    await fake?.close()
  })
  beforeEach(() => {
    fake.requests.length = 0
    now = new Date('2026-11-21T10:00:00Z')
  })

  const only = () => {
    expect(fake.requests).toHaveLength(1)
    const [request] = fake.requests
    if (!request) throw new Error('no request')
    expect(request.authorization).toBe(`Bearer ${SECRET_KEY}`)
    return request
  }

  it('creates a product with the catalogue id in its metadata', async () => {
    const result = await provider().registerProduct({
      productId: 12,
      name: 'Sourdough loaf',
      description: 'Slow',
      images: [],
    })
    expect(result).toEqual({ productId: 'prod_Contract' })
    expect(only()).toMatchObject({
      method: 'POST',
      path: '/v1/products',
      idempotencyKey: 'product-12',
      form: { name: 'Sourdough loaf', description: 'Slow', 'metadata[larderProductId]': '12' },
    })
  })

  it('creates a GBP price in pence', async () => {
    const result = await provider().registerPrice({
      providerProductId: 'prod_Contract',
      unitAmountPence: 250,
      idempotencyKey: 'price-12-250',
    })
    expect(result).toEqual({ priceId: 'price_250' })
    expect(only()).toMatchObject({
      path: '/v1/prices',
      idempotencyKey: 'price-12-250',
      form: { product: 'prod_Contract', unit_amount: '250', currency: 'gbp' },
    })
  })

  it('creates a one-payment link that redirects to the confirmation page and carries the order id', async () => {
    const link = await provider().createPaymentLink({
      orderId: ORDER_ID,
      lines: [
        { priceId: 'price_250', quantity: 2, name: 'Sourdough loaf', unitAmountPence: 250 },
        { priceId: 'price_160', quantity: 1, name: 'Delivery', unitAmountPence: 160 },
      ],
      afterPaymentUrl: `https://shop.example/order-confirmation/${ORDER_ID}`,
      idempotencyKey: 'plink-key',
    })
    expect(link).toEqual({
      id: 'plink_Contract',
      url: `https://buy.stripe.com/test_contract?client_reference_id=${ORDER_ID}`,
    })
    const request = only()
    expect(request).toMatchObject({ path: '/v1/payment_links', idempotencyKey: 'plink-key' })
    expect(request.form).toMatchObject({
      'line_items[0][price]': 'price_250',
      'line_items[0][quantity]': '2',
      'line_items[1][price]': 'price_160',
      'line_items[1][quantity]': '1',
      'metadata[orderId]': ORDER_ID,
      'payment_intent_data[metadata][orderId]': ORDER_ID,
      'restrictions[completed_sessions][limit]': '1',
      'after_completion[type]': 'redirect',
      'after_completion[redirect][url]': `https://shop.example/order-confirmation/${ORDER_ID}`,
    })
    expect(request.form['inactive_message']).toMatch(/already been paid/)
  })

  it("keeps a big basket within Stripe's line-item limits, paying the same total", async () => {
    const lines = Array.from({ length: 120 }, (_, index) => ({
      priceId: `price_${index}`,
      quantity: (index % 3) + 1,
      name: `Item ${index}`,
      unitAmountPence: 100 + index,
    }))
    const total = lines.reduce((sum, line) => sum + line.unitAmountPence * line.quantity, 0)
    const charged = (form: Record<string, string>) =>
      Array.from({ length: lineItemCount(form) }, (_, index) => {
        const price = form[`line_items[${index}][price]`]
        const unit = price
          ? Number(price.slice('price_'.length)) + 100
          : Number(form[`line_items[${index}][price_data][unit_amount]`])
        return unit * Number(form[`line_items[${index}][quantity]`])
      }).reduce((sum, amount) => sum + amount, 0)

    await provider().createPaymentLink({
      orderId: ORDER_ID,
      lines,
      afterPaymentUrl: `https://shop.example/order-confirmation/${ORDER_ID}`,
      idempotencyKey: 'plink-big',
    })
    const link = only().form
    expect(lineItemCount(link)).toBe(20)
    expect(link['line_items[18][price]']).toBe('price_18')
    expect(link['line_items[19][price_data][currency]']).toBe('gbp')
    expect(link['line_items[19][price_data][product_data][name]']).toBe('101 more lines of this order')
    expect(link['line_items[19][price_data][product_data][description]']).toMatch(
      /^Item 19 × 2, Item 20 × 3, /,
    )
    expect(charged(link)).toBe(total)

    fake.requests.length = 0
    await provider().createCheckoutSession({
      orderId: ORDER_ID,
      lines,
      afterPaymentUrl: `https://shop.example/order-confirmation/${ORDER_ID}`,
      cancelUrl: 'https://shop.example/cart-page',
      customerEmail: undefined,
      idempotencyKey: 'cs-big',
    })
    const session = only().form
    expect(lineItemCount(session)).toBe(100)
    expect(session['line_items[99][price_data][product_data][name]']).toBe('21 more lines of this order')
    expect(charged(session)).toBe(total)
  })

  it('switches a link off and expires a session', async () => {
    await provider().deactivatePaymentLink('plink_Old')
    await provider().expireCheckoutSession('cs_test_Old')
    expect(fake.requests.map((r) => [r.method, r.path, r.form])).toEqual([
      ['POST', '/v1/payment_links/plink_Old', { active: 'false' }],
      ['POST', '/v1/checkout/sessions/cs_test_Old/expire', {}],
    ])
  })

  it('creates a checkout session for the order', async () => {
    const session = await provider().createCheckoutSession({
      orderId: ORDER_ID,
      lines: [{ priceId: 'price_250', quantity: 3, name: 'Sourdough loaf', unitAmountPence: 250 }],
      afterPaymentUrl: `https://shop.example/order-confirmation/${ORDER_ID}`,
      cancelUrl: 'https://shop.example/cart-page',
      customerEmail: 'ada@example.com',
      idempotencyKey: 'cs-key',
    })
    expect(session).toEqual({
      id: 'cs_test_Contract',
      url: 'https://checkout.stripe.com/c/pay/cs_test_Contract',
    })
    expect(only()).toMatchObject({
      path: '/v1/checkout/sessions',
      idempotencyKey: 'cs-key',
      form: {
        mode: 'payment',
        'line_items[0][price]': 'price_250',
        'line_items[0][quantity]': '3',
        success_url: `https://shop.example/order-confirmation/${ORDER_ID}`,
        cancel_url: 'https://shop.example/cart-page',
        client_reference_id: ORDER_ID,
        'metadata[orderId]': ORDER_ID,
        'payment_intent_data[metadata][orderId]': ORDER_ID,
        customer_email: 'ada@example.com',
      },
    })
  })

  it('refunds a whole payment once, whatever the retries', async () => {
    expect(await provider().refund({ paymentIntentId: 'pi_Paid', orderId: ORDER_ID })).toEqual({
      refundId: 're_Contract',
    })
    expect(only()).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: 'refund-pi_Paid',
      form: { payment_intent: 'pi_Paid', 'metadata[orderId]': ORDER_ID },
    })
  })

  it("refunds part of a payment under the operator's refund id", async () => {
    const refund = await provider().refund({
      paymentIntentId: 'pi_Paid',
      orderId: ORDER_ID,
      amountPence: 435,
      idempotencyKey: 'order-refund-3f1c',
    })
    expect(refund).toEqual({ refundId: 're_Contract' })
    expect(only()).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: 'order-refund-3f1c',
      form: { payment_intent: 'pi_Paid', amount: '435', 'metadata[orderId]': ORDER_ID },
    })
  })

  it("reports the paid sessions of an order's link and session, as events of the order", async () => {
    const payments = await provider().completedPayments({
      orderId: ORDER_ID,
      paymentLinkId: 'plink_Paid',
      checkoutSessionId: 'cs_test_Open',
    })
    expect(fake.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/v1/checkout/sessions', { payment_link: 'plink_Paid', status: 'complete', limit: '100' }],
      ['GET', '/v1/checkout/sessions/cs_test_Open', {}],
    ])
    // Only the paid one: a bank transfer completes its session unpaid, and an open session took nothing.
    expect(payments).toEqual([
      {
        id: 'recon_cs_test_Paid',
        type: 'checkout.session.completed',
        orderId: ORDER_ID,
        sessionId: 'cs_test_Paid',
        paymentIntentId: 'pi_Paid',
        paymentLinkId: 'plink_Paid',
        paymentStatus: 'paid',
        amountTotalPence: 1249,
        currency: 'gbp',
        paymentMethod: 'card',
      },
    ])
  })

  it('is what the app uses when STRIPE_SECRET_KEY is set, talking to STRIPE_API_BASE', async () => {
    const t = await createTestApp('pglite', {
      seed: false,
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.base,
      },
    })
    try {
      await seedSmallShop(t.database.db)
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/products/add-to-cart/1',
        headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ stripeProductId: 'prod_Contract', stripePriceIds: ['price_150'] })
      expect(fake.requests.map((r) => [r.path, r.idempotencyKey])).toEqual([
        ['/v1/products', 'product-1'],
        ['/v1/prices', 'price-1-150'],
      ])
      expect(
        (await t.app.inject({ method: 'GET', url: '/sandbox/pay/plink_000000000000000000000000' }))
          .statusCode,
      ).toBe(404)
    } finally {
      await t.close()
    }
  })
})
