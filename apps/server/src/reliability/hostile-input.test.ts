import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createOrder,
  createShopApp,
  orderForm,
  post,
  type ShopApp,
} from '../modules/payments/payments-test-helpers'
import { NUL_MESSAGE } from '../plugins/nul-guard'
import { newShopper, nextIp } from '../test/accounts-helpers'
import { DATABASE_KINDS, xsrfHeaders } from '../test/test-app'
import { RELIABILITY_SEED } from './seeded-random'

/**
 * Random and hostile input must never make the server fail (5xx) or answer anything but JSON.
 * `npm test` runs a few hundred cases per target; `npm run test:reliability` sets RELIABILITY_RUNS=5000,
 * which over the two targets below makes 10 000 per database.
 */
const RUNS = Number(process.env.RELIABILITY_RUNS ?? 300)

const FIELDS = [
  'categoryL1',
  'categoryL2',
  'categoryL3',
  'productName',
  'vendorID',
  'isFree',
  'qty',
  'id',
  'x',
]
const hostileText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    "'; DROP TABLE products; --",
    '%',
    '_',
    '\\',
    '\u0000',
    '"',
    '((((((((((',
    '*'.repeat(500),
    'a'.repeat(5000),
    '${7*7}',
    '<script>alert(1)</script>',
    '\ud800',
    'NaN',
    '-1',
    '1e400',
  ),
)
const term = fc
  .tuple(
    fc.constantFrom(...FIELDS),
    fc.constantFrom(':', ':"', ':(', ''),
    hostileText,
    fc.constantFrom('', '"', ')', '*'),
  )
  .map((parts) => parts.join(''))
const expression = fc.oneof(
  hostileText,
  fc
    .array(fc.tuple(term, fc.constantFrom(' AND ', ' OR ', ' NOT ', ' ', ' AND NOT (', ') OR (')), {
      maxLength: 6,
    })
    .map((pairs) => pairs.flat().join('')),
)

const percentEncoded = (text: string) =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')

async function expectNoFailure(app: FastifyInstance, request: InjectOptions) {
  const res = await app.inject(request)
  if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${JSON.stringify(request)}: ${res.body}`)
  if (res.body !== '') expect(res.headers['content-type']).toContain('application/json')
}

describe.each(DATABASE_KINDS)('hostile input on %s', (kind) => {
  let shop: ShopApp
  beforeAll(async () => {
    shop = await createShopApp(kind)
  })
  afterAll(async () => {
    await shop?.close()
  })

  it(
    `answers ${RUNS} random search expressions and paging parameters without a 5xx`,
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          expression,
          fc.oneof(fc.integer({ min: -5, max: 1e6 }).map(String), hostileText),
          fc.oneof(fc.integer({ min: -5, max: 5000 }).map(String), hostileText),
          fc.oneof(
            fc.constantFrom('dateCreated,desc', 'salePrice,asc', 'id', ',', 'nope,sideways'),
            hostileText,
          ),
          fc.constantFrom('/api/public/_search/products', '/api/public/products'),
          async (query, page, size, sort, url) => {
            await expectNoFailure(shop.app, { method: 'GET', url, query: { query, page, size, sort } })
          },
        ),
        { numRuns: RUNS, seed: RELIABILITY_SEED },
      )
    },
  )

  // PostgreSQL text cannot hold U+0000; these reached the database and failed there as 500s.
  it.each([
    ['/api/public/orders', orderForm({ deliveryFirstName: 'A\u0000B' })],
    ['/api/register', newShopper({ firstName: 'Ada\u0000' })],
    ['/api/authenticate', { username: 'ada\u0000', password: 'correct horse battery' }],
    ['/api/public/contact-messages', { name: 'Ada\u0000', message: 'Hello' }],
  ])('refuses a NUL character in a text field of %s with 400', async (url, body) => {
    const res = await post(shop.app, url, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ message: NUL_MESSAGE })
  })

  it('refuses product ids beyond what the database holds with 400, naming the range', async () => {
    const { id: orderId } = await createOrder(shop.app)
    const answers = [
      await shop.app.inject({ method: 'GET', url: '/api/public/products/999999999999999' }),
      await post(shop.app, '/api/stripe/products/add-to-cart/2147483648'),
      await post(shop.app, '/api/public/order-products', { orderId, productId: 99999999999, quantity: 1 }),
      await post(shop.app, '/api/stripe/products/with-prices', { productIds: [2147483648] }),
    ]
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json<{ message: string }>().message).toContain('1 to 2147483647')
    }
  })

  it(`answers ${RUNS} random and mangled form payloads without a 5xx`, { timeout: 600_000 }, async () => {
    const valid = orderForm()
    const mangledOrder = fc
      .dictionary(fc.constantFrom(...Object.keys(valid)), fc.oneof(hostileText, fc.anything()), {
        maxKeys: 6,
      })
      .map((changes) => ({ ...valid, ...changes }))
    const payload = fc.oneof(
      mangledOrder,
      fc.anything(),
      fc.jsonValue(),
      fc.string().map((s) => ({ email: s })),
    )
    const url = fc.oneof(
      fc.constantFrom(
        '/api/public/orders',
        '/api/public/order-products',
        '/api/public/contact-messages',
        '/api/register',
        '/api/authenticate',
        '/api/google-login',
        '/api/logout',
        '/api/account/all/reset-password/init',
        '/api/account/reset-password/finish',
        '/api/app-check/token',
        '/api/stripe/create-payment-link',
        '/api/stripe/create-checkout-session',
        '/api/stripe/products/with-prices',
        '/api/stripe/products/add-to-cart/1',
        '/api/stripe/webhook',
      ),
      // The order id is a path segment here: the hostile text goes into the URL byte by byte
      // (encodeURIComponent refuses lone surrogates), beside segments that are malformed as they stand.
      fc
        .oneof(hostileText.map(percentEncoded), fc.constantFrom('%', '%zz', '%00', '..', '%2F..%2F'))
        .map((id) => `/api/public/orders/${id}/cancel`),
    )
    await fc.assert(
      fc.asyncProperty(url, payload, async (target, body) => {
        await expectNoFailure(shop.app, {
          method: 'POST',
          url: target,
          payload: JSON.stringify(body) ?? 'null',
          remoteAddress: nextIp(),
          headers: { ...xsrfHeaders, 'content-type': 'application/json' },
        })
      }),
      { numRuns: RUNS, seed: RELIABILITY_SEED },
    )
  })
})
