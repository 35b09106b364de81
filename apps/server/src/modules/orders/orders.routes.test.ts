import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  effectivePricePence,
  MAX_ORDER_LINES,
  orderMessages,
  OrderSchema,
  penceToPounds,
} from '@larder/shared'
import { orders, products } from '../../db/schema'
import { logIn, register } from '../../test/accounts-helpers'
import { createTestApp, DATABASE_KINDS, xsrfHeaders, type TestApp } from '../../test/test-app'
import {
  addLine,
  createOrder,
  createShopApp,
  deliverEvent,
  orderForm,
  paidEvent,
  post,
  productsForSale,
  setStock,
  type ShopApp,
} from '../payments/payments-test-helpers'
import { ORDER_LIMITS } from './orders.routes'
import { orderErrors } from './order-rules'

type Field = Record<string, string[]>

describe.each(DATABASE_KINDS)('orders on %s', (kind) => {
  let shop: ShopApp
  let forSale: Awaited<ReturnType<typeof productsForSale>>
  beforeAll(async () => {
    shop = await createShopApp(kind)
    forSale = await productsForSale(shop.db, 4)
  })
  afterAll(async () => {
    await shop?.close()
  })

  const getOrder = (id: string) => shop.app.inject({ method: 'GET', url: `/api/public/orders/${id}` })
  const productAt = (index: number) => {
    const row = forSale[index]
    if (!row) throw new Error('not enough products for sale')
    return row
  }

  describe('POST /api/public/orders', () => {
    it('ignores every price, total, status, date and id in the body', async () => {
      const res = await post(shop.app, '/api/public/orders', {
        ...orderForm(),
        id: '00000000-0000-4000-8000-000000000000',
        orderNumber: 'HACK-1',
        subTotal: 0.01,
        totalAmount: 0.01,
        shippingChargers: 0,
        discount: 99,
        orderStatus: 'PAID',
        paymentStatus: 'PAID',
        currency: 'usd',
        datePaid: '2020-01-01T00:00:00Z',
        uid: 'someone-else',
      })
      expect(res.statusCode).toBe(201)
      const created = res.json<{ id: string; totalAmount: number }>()
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(created.id).not.toBe('00000000-0000-4000-8000-000000000000')
      expect(created.totalAmount).toBe(1.6)
      const order = OrderSchema.parse((await getOrder(created.id)).json())
      expect(order).toMatchObject({
        orderStatus: 'PENDING',
        paymentStatus: 'PENDING',
        currency: 'gbp',
        subTotal: 0,
        discount: 0,
        shippingChargers: 1.6,
        totalAmount: 1.6,
        datePaid: null,
        uid: null,
        deliveryCity: 'Harrow',
      })
      expect(order.orderNumber).toMatch(/^LRD-\d{6,}$/)
    })

    it('numbers orders one after another', async () => {
      const first = await createOrder(shop.app)
      const second = await createOrder(shop.app)
      const numberOf = async (id: string) =>
        Number((await getOrder(id)).json<{ orderNumber: string }>().orderNumber.slice(4))
      expect((await numberOf(second.id)) - (await numberOf(first.id))).toBe(1)
    })

    it.each([
      ['email', { email: 'not-an-email' }, orderMessages.email],
      ['deliveryPhoneNumber', { deliveryPhoneNumber: '' }, orderMessages.phoneRequired],
      ['deliveryPhoneNumber', { deliveryPhoneNumber: 'call me' }, orderMessages.phoneInvalid],
      ['deliveryCity', { deliveryCity: ' ' }, orderMessages.city],
      ['deliveryState', { deliveryState: '' }, orderMessages.state],
      ['deliveryCountry', { deliveryCountry: '' }, orderMessages.country],
      ['deliveryPostCode', { deliveryPostCode: '' }, orderMessages.postcode],
      ['firstName', { firstName: '' }, orderMessages.firstName],
      ['postcode', { postcode: '' }, orderMessages.billingPostcode],
      ['state', { state: '' }, orderMessages.billingState],
    ])('refuses a bad %s with the spec hint', async (field, override, message) => {
      const res = await post(shop.app, '/api/public/orders', orderForm(override))
      expect(res.statusCode).toBe(400)
      expect(res.json<{ fieldErrors: Field }>().fieldErrors[field]).toContain(message)
    })

    it.each([
      ['Berlin', { deliveryCity: 'Berlin', deliveryCountry: 'Germany', deliveryPostCode: '10115' }],
      [
        'Beverly Hills',
        { deliveryCity: 'Beverly Hills', deliveryCountry: 'United States', deliveryPostCode: '90210' },
      ],
      ['Paris', { deliveryCity: 'Paris', deliveryCountry: 'France', deliveryPostCode: '75001' }],
      ['a London postcode of another town', { deliveryPostCode: 'UB3 4DA' }],
    ])('refuses delivery to %s, naming the delivery area', async (_, override) => {
      const res = await post(shop.app, '/api/public/orders', orderForm(override))
      expect(res.statusCode).toBe(400)
      const message =
        'We deliver to Harrow only at postcodes starting HA1, HA2, HA3. Please enter a postcode in that area, or choose another delivery town.'
      expect(res.json<{ fieldErrors: Field }>().fieldErrors.deliveryPostCode).toEqual([message])
      expect(await shop.db.select().from(orders)).not.toContainEqual(
        expect.objectContaining({ deliveryPostCode: override.deliveryPostCode }),
      )
    })

    it('refuses an order without a delivery town, and keeps the town of one it takes', async () => {
      const withoutTown: Record<string, unknown> = { ...orderForm() }
      delete withoutTown.deliveryTown
      const refused = await post(shop.app, '/api/public/orders', withoutTown)
      expect(refused.statusCode).toBe(400)
      expect(refused.json<{ fieldErrors: Field }>().fieldErrors.deliveryTown).toEqual([
        orderMessages.deliveryTown,
      ])
      const other = await post(shop.app, '/api/public/orders', { ...orderForm(), deliveryTown: 'Kenton' })
      expect(other.statusCode).toBe(400)

      const taken = await post(
        shop.app,
        '/api/public/orders',
        orderForm({ deliveryTown: 'Hayes', deliveryCity: 'Hayes', deliveryPostCode: 'ub3 4da' }),
      )
      expect(taken.statusCode).toBe(201)
      const [row] = await shop.db.select().from(orders).where(eq(orders.id, taken.json<{ id: string }>().id))
      expect(row?.deliveryTown).toBe('Hayes')
    })

    it('accepts a phone number sent as a number', async () => {
      const res = await post(shop.app, '/api/public/orders', orderForm({ deliveryPhoneNumber: 2079460000 }))
      expect(res.statusCode).toBe(201)
    })

    it('takes the user from the session, never from the body, and lists their orders newest first', async () => {
      const shopper = await register(shop.app)
      const token = await logIn(shop.app, shopper.login, shopper.password)
      const auth = { authorization: `Bearer ${token}` }
      const first = await createOrder(
        shop.app,
        { ...orderForm(), uid: 'another-user', username: 'mallory' },
        auth,
      )
      const second = await createOrder(shop.app, orderForm(), auth)
      const anonymous = await createOrder(shop.app)
      const [row] = await shop.db.select().from(orders).where(eq(orders.id, first.id))
      expect(row?.userId).not.toBe('another-user')
      expect(row?.username).toBe(shopper.login)
      expect((await getOrder(anonymous.id)).json<{ uid: string | null }>().uid).toBeNull()

      const mine = await shop.app.inject({ method: 'GET', url: '/api/account/orders', headers: auth })
      expect(mine.statusCode).toBe(200)
      expect(mine.headers['x-total-count']).toBe('2')
      expect(mine.json<{ id: string }[]>().map((order) => order.id)).toEqual([second.id, first.id])
      expect((await shop.app.inject({ method: 'GET', url: '/api/account/orders' })).statusCode).toBe(401)
    })

    it('refuses an order sent with a session that has ended, rather than filing it as a guest’s', async () => {
      const shopper = await register(shop.app)
      const token = await logIn(shop.app, shopper.login, shopper.password)
      const auth = { authorization: `Bearer ${token}` }
      expect((await post(shop.app, '/api/logout', undefined, auth)).statusCode).toBeLessThan(300)
      const before = await shop.db.select().from(orders)
      const res = await post(shop.app, '/api/public/orders', orderForm(), auth)
      expect(res.statusCode).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
      expect(res.json()).toEqual({ message: orderErrors.sessionEnded })
      expect(await shop.db.select().from(orders)).toHaveLength(before.length)
    })
  })

  describe('POST /api/public/order-products', () => {
    it('prices lines from the catalogue whatever the body says, and recomputes the totals', async () => {
      const a = productAt(0)
      const b = productAt(1)
      const { id } = await createOrder(shop.app)
      const res = await post(shop.app, '/api/public/order-products', {
        orderId: id,
        productId: a.id,
        quantity: 2,
        productName: 'Free gold',
        price: 0.01,
        totalPrice: 0.02,
        productImage: 'https://evil.example/x.png',
        stripePriceId: 'price_fake',
      })
      expect(res.statusCode).toBe(201)
      const price = effectivePricePence(a)
      expect(res.json()).toMatchObject({
        productName: a.productName,
        price: penceToPounds(price),
        quantity: 2,
        totalPrice: penceToPounds(price * 2),
        productImage: a.images[0],
        orderId: id,
      })
      expect(res.json<{ stripePriceId: string | null }>().stripePriceId).not.toBe('price_fake')
      expect((await addLine(shop.app, id, b.id, 1)).statusCode).toBe(201)

      const order = OrderSchema.parse((await getOrder(id)).json())
      const sub = price * 2 + effectivePricePence(b)
      expect(order.orderProducts).toHaveLength(2)
      expect(order.subTotal).toBe(penceToPounds(sub))
      expect(order.shippingChargers).toBe(1.6)
      expect(order.totalAmount).toBe(penceToPounds(sub + 160))
    })

    it('records the sale price a discount took the line down from, for the order page to strike through', async () => {
      const [discounted, plain] = [productAt(2), productAt(3)]
      const setPrices = (id: number, prices: Partial<typeof products.$inferInsert>) =>
        shop.db.update(products).set(prices).where(eq(products.id, id))
      await setPrices(discounted.id, { salePricePence: 300, discountPricePence: 240, isFree: false })
      await setPrices(plain.id, { salePricePence: 225, discountPricePence: null, isFree: false })
      try {
        const { id } = await createOrder(shop.app)
        expect((await addLine(shop.app, id, discounted.id, 1)).json()).toMatchObject({
          price: 2.4,
          salePrice: 3,
        })
        expect((await addLine(shop.app, id, plain.id, 1)).json()).toMatchObject({
          price: 2.25,
          salePrice: null,
        })
        const lines = OrderSchema.parse((await getOrder(id)).json()).orderProducts
        expect(lines.map(({ price, salePrice }) => ({ price, salePrice }))).toEqual(
          expect.arrayContaining([
            { price: 2.4, salePrice: 3 },
            { price: 2.25, salePrice: null },
          ]),
        )
      } finally {
        // The other tests price these products from what was read before this one.
        for (const product of [discounted, plain]) {
          const { salePricePence, discountPricePence, isFree } = product
          await setPrices(product.id, { salePricePence, discountPricePence, isFree })
        }
      }
    })

    it('sets a line anew when the same product is posted again (so a retried post is harmless)', async () => {
      const a = productAt(0)
      const { id } = await createOrder(shop.app)
      expect((await addLine(shop.app, id, a.id, 1)).statusCode).toBe(201)
      const again = await addLine(shop.app, id, a.id, 3)
      expect(again.statusCode).toBe(200)
      const order = OrderSchema.parse((await getOrder(id)).json())
      expect(order.orderProducts).toEqual([expect.objectContaining({ productId: a.id, quantity: 3 })])
      expect(order.subTotal).toBe(penceToPounds(effectivePricePence(a) * 3))
    })

    it('keeps every line and the right total when lines for one order arrive in parallel', async () => {
      const { id } = await createOrder(shop.app)
      const results = await Promise.all(forSale.map((p, i) => addLine(shop.app, id, p.id, i + 1)))
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201])
      const expected = forSale.reduce((sum, p, i) => sum + effectivePricePence(p) * (i + 1), 0)
      const order = OrderSchema.parse((await getOrder(id)).json())
      expect(order.orderProducts).toHaveLength(4)
      expect(order.subTotal).toBe(penceToPounds(expected))
      expect(order.totalAmount).toBe(penceToPounds(expected + 160))
    })

    it('refuses a quantity above the stock, naming the product', async () => {
      const c = productAt(2)
      await setStock(shop.db, c.id, 3)
      const { id } = await createOrder(shop.app)
      const res = await addLine(shop.app, id, c.id, 4)
      expect(res.statusCode).toBe(409)
      expect(res.json<{ message: string }>().message).toBe(
        `Sorry, only 3 of "${c.productName}" left in stock.`,
      )
      expect((await addLine(shop.app, id, c.id, 3)).statusCode).toBe(201)
      await setStock(shop.db, c.id, 50)
    })

    it.each([0, -1, 1.5])('refuses quantity %s', async (quantity) => {
      const { id } = await createOrder(shop.app)
      const res = await addLine(shop.app, id, productAt(0).id, quantity)
      expect(res.statusCode).toBe(400)
      expect(res.json<{ fieldErrors: Field }>().fieldErrors.quantity).toBeDefined()
    })

    it('answers 404 for an unknown order or product', async () => {
      const { id } = await createOrder(shop.app)
      expect(
        (await addLine(shop.app, '3f1c9a52-7a0e-4c4b-9a57-0d5b8f0b2c11', productAt(0).id, 1)).statusCode,
      ).toBe(404)
      expect((await addLine(shop.app, id, 999_999, 1)).statusCode).toBe(404)
    })

    it(`holds at most ${MAX_ORDER_LINES} different products, while a line on it can still change`, async () => {
      const model = productAt(0)
      const present = (await productsForSale(shop.db, MAX_ORDER_LINES + 1)).length
      await shop.db.insert(products).values(
        Array.from({ length: MAX_ORDER_LINES + 1 - present }, (_, i) => ({
          vendorId: model.vendorId,
          categoryId: model.categoryId,
          productName: `Bread roll no. ${i + 1}`,
          salePricePence: 100 + i,
          qty: 50,
        })),
      )
      const many = await productsForSale(shop.db, MAX_ORDER_LINES + 1)
      expect(many).toHaveLength(MAX_ORDER_LINES + 1)
      const { id } = await createOrder(shop.app)
      const results = await Promise.all(many.map((p) => addLine(shop.app, id, p.id, 1)))
      const refused = results.filter((r) => r.statusCode === 409)
      expect(refused.map((r) => r.json<{ message: string }>().message)).toEqual([orderMessages.tooManyLines])
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_ORDER_LINES)
      const kept = OrderSchema.parse((await getOrder(id)).json()).orderProducts
      expect(kept).toHaveLength(MAX_ORDER_LINES)
      expect((await addLine(shop.app, id, kept[0]?.productId ?? 0, 2)).statusCode).toBe(200)
    })

    it('adds nothing to a paid order', async () => {
      const { id } = await createOrder(shop.app)
      expect((await addLine(shop.app, id, productAt(3).id, 1)).statusCode).toBe(201)
      const total = Math.round(OrderSchema.parse((await getOrder(id)).json()).totalAmount * 100)
      expect((await deliverEvent(shop, paidEvent(id, total))).statusCode).toBe(200)
      const res = await addLine(shop.app, id, productAt(1).id, 1)
      expect(res.statusCode).toBe(409)
      expect(res.json<{ message: string }>().message).toMatch(/already been paid/)
      expect(OrderSchema.parse((await getOrder(id)).json()).orderProducts).toHaveLength(1)
    })
  })

  describe('GET /api/public/orders/:id', () => {
    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      expect((await getOrder('not-a-uuid')).statusCode).toBe(400)
      expect((await getOrder('7e0f3b1a-2c4d-4e5f-8a9b-0c1d2e3f4a5b')).statusCode).toBe(404)
    })

    it('is never cached', async () => {
      const { id } = await createOrder(shop.app)
      expect((await getOrder(id)).headers['cache-control']).toBe('no-store')
    })
  })

  describe("a customer's order", () => {
    const bearer = async () => {
      const shopper = await register(shop.app)
      return { authorization: `Bearer ${await logIn(shop.app, shopper.login, shopper.password)}` }
    }
    /**
     * Read, add a line, ask for a payment link, then a checkout session, then cancel it: the statuses, one
     * after another.
     */
    const touch = async (id: string, headers: Record<string, string>) => {
      const line = { orderId: id, productId: productAt(2).id, quantity: 1 }
      const answers = [
        await shop.app.inject({ method: 'GET', url: `/api/public/orders/${id}`, headers }),
        await post(shop.app, '/api/public/order-products', line, headers),
        await post(shop.app, '/api/stripe/create-payment-link', [{ orderId: id, quantity: 1 }], headers),
        await post(shop.app, `/api/stripe/create-checkout-session?orderId=${id}`, {}, headers),
        await post(shop.app, `/api/public/orders/${id}/cancel`, undefined, headers),
      ]
      return answers.map((res) => ({
        status: res.statusCode,
        message: res.json<{ message?: string }>().message,
      }))
    }

    it('is hidden from guests and other customers, who cannot read, change or pay it', async () => {
      const owner = await bearer()
      const { id } = await createOrder(shop.app, orderForm(), owner)
      for (const stranger of [{}, await bearer()]) {
        const notFound = { status: 404, message: orderErrors.notFound(id) }
        expect(await touch(id, stranger)).toEqual([notFound, notFound, notFound, notFound, notFound])
      }
      const seenByOwner = await shop.app.inject({
        method: 'GET',
        url: `/api/public/orders/${id}`,
        headers: owner,
      })
      expect(OrderSchema.parse(seenByOwner.json()).orderProducts).toEqual([])
    })

    it('answers a visitor without a session, or with an ended one, as for an order that does not exist', async () => {
      const owner = await bearer()
      const { id } = await createOrder(shop.app, orderForm(), owner)
      const unknown = '7e0f3b1a-2c4d-4e5f-8a9b-0c1d2e3f4a5b'
      // The confirmation page asks such a visitor to log in; it can do no more than this answer allows.
      for (const headers of [{}, { authorization: 'Bearer ended.session.token' }]) {
        const answer = async (orderId: string) => {
          const res = await shop.app.inject({ method: 'GET', url: `/api/public/orders/${orderId}`, headers })
          return {
            status: res.statusCode,
            message: res.json<{ message: string }>().message.replace(orderId, '{id}'),
            challenge: res.headers['www-authenticate'],
          }
        }
        expect(await answer(id)).toEqual(await answer(unknown))
        expect((await answer(id)).status).toBe(404)
      }
    })

    it('is open, without a session, to the browser that holds the key its creation answered', async () => {
      const owner = await bearer()
      const created = await createOrder(shop.app, orderForm(), owner)
      expect(created.accessKey).toMatch(/^[\w-]{43}$/)
      const statuses = (await touch(created.id, { 'x-order-key': created.accessKey })).map((a) => a.status)
      expect(statuses).toEqual([200, 201, 200, 200, 200])
    })

    it('stays hidden behind a wrong key, a truncated one, or the key of another order', async () => {
      const owner = await bearer()
      const { id, accessKey } = await createOrder(shop.app, orderForm(), owner)
      const other = await createOrder(shop.app, orderForm(), owner)
      const notFound = { status: 404, message: orderErrors.notFound(id) }
      const flipped = `${accessKey.slice(0, -1)}${accessKey.endsWith('A') ? 'B' : 'A'}`
      for (const key of [other.accessKey, flipped, accessKey.slice(0, 20), '', `${accessKey}x`]) {
        expect(await touch(id, { 'x-order-key': key })).toEqual([
          notFound,
          notFound,
          notFound,
          notFound,
          notFound,
        ])
      }
      // Another account holding the key is let in too: the key, not the session, is the proof.
      expect((await touch(id, { ...(await bearer()), 'x-order-key': accessKey }))[0]?.status).toBe(200)
    })

    it('is read with its key uncached, like any order', async () => {
      const owner = await bearer()
      const { id, accessKey } = await createOrder(shop.app, orderForm(), owner)
      const res = await shop.app.inject({
        method: 'GET',
        url: `/api/public/orders/${id}`,
        headers: { 'x-order-key': accessKey },
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
    })

    it.each([
      ['its owner', 'owner', 'owner'],
      ['anyone holding the id of a guest order', 'guest', 'guest'],
      ['a customer holding the id of a guest order', 'guest', 'owner'],
    ] as const)('is open to %s', async (_, creator, reader) => {
      const owner = await bearer()
      const { id } = await createOrder(shop.app, orderForm(), creator === 'owner' ? owner : {})
      const statuses = (await touch(id, reader === 'owner' ? owner : {})).map((answer) => answer.status)
      expect(statuses).toEqual([200, 201, 200, 200, 200])
    })
  })
})

describe('order creation guards', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { APP_CHECK: 'enforce' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  const create = (headers: Record<string, string> = {}, ip = '10.77.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/orders',
      payload: orderForm(),
      remoteAddress: ip,
      headers: { ...xsrfHeaders, ...headers },
    })

  it('needs an app-check token under APP_CHECK=enforce', async () => {
    const res = await create()
    expect(res.statusCode).toBe(403)
    expect(res.json<{ message: string }>().message).toMatch(/integrity/i)
  })

  it(`allows ${ORDER_LIMITS.orders.max} orders an hour per address, then 429`, async () => {
    for (let i = 0; i < ORDER_LIMITS.orders.max; i++)
      expect((await create({}, '10.77.0.2')).statusCode).toBe(403)
    const limited = await create({}, '10.77.0.2')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })
})
