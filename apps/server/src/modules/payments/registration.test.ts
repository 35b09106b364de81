import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AddToPaymentResponseSchema, ProductsWithPricesResponseSchema } from '@larder/shared'
import { products, providerPrices } from '../../db/schema'
import { DATABASE_KINDS } from '../../test/test-app'
import {
  createShopApp,
  post,
  product,
  productsForSale,
  setStock,
  type ShopApp,
} from './payments-test-helpers'

describe.each(DATABASE_KINDS)('product registration with the payment provider on %s', (kind) => {
  let shop: ShopApp
  let ids: number[]
  beforeAll(async () => {
    shop = await createShopApp(kind)
    ids = (await productsForSale(shop.db, 8)).map((row) => row.id)
  })
  afterAll(async () => {
    await shop?.close()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const addToCart = (id: number) => post(shop.app, `/api/stripe/products/add-to-cart/${id}`)
  const idAt = (index: number) => ids[index] ?? 0

  it('registers the product and its current price, and shows them on the product', async () => {
    const res = await addToCart(idAt(0))
    expect(res.statusCode).toBe(200)
    const body = AddToPaymentResponseSchema.parse(res.json())
    expect(body.stripeProductId).toMatch(/^prod_[A-Za-z0-9]{24}$/)
    expect(body.stripePriceIds).toHaveLength(1)
    expect(body.stripePriceIds[0]).toMatch(/^price_[A-Za-z0-9]{24}$/)
    const shown = (await shop.app.inject({ method: 'GET', url: `/api/public/products/${idAt(0)}` })).json()
    expect(shown).toMatchObject(body)
  })

  it('registers exactly one provider product and price for 20 simultaneous clicks', async () => {
    const registerProduct = vi.spyOn(shop.provider, 'registerProduct')
    const registerPrice = vi.spyOn(shop.provider, 'registerPrice')
    const results = await Promise.all(Array.from({ length: 20 }, () => addToCart(idAt(1))))
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    expect(new Set(results.map((r) => r.body)).size).toBe(1)
    expect(registerProduct).toHaveBeenCalledTimes(1)
    expect(registerPrice).toHaveBeenCalledTimes(1)
    expect(registerPrice.mock.calls[0]?.[0].idempotencyKey).toMatch(new RegExp(`^price-${idAt(1)}-\\d+$`))
    const prices = await shop.db
      .select()
      .from(providerPrices)
      .where(eq(providerPrices.productId, idAt(1)))
    expect(prices).toHaveLength(1)
  })

  it('gives a changed price a new provider price, listed first', async () => {
    const first = AddToPaymentResponseSchema.parse((await addToCart(idAt(2))).json())
    const row = await product(shop.db, idAt(2))
    await shop.db
      .update(products)
      .set({ salePricePence: (row.salePricePence ?? 0) + 25, discountPricePence: null })
      .where(eq(products.id, idAt(2)))
    const second = AddToPaymentResponseSchema.parse((await addToCart(idAt(2))).json())
    expect(second.stripeProductId).toBe(first.stripeProductId)
    expect(second.stripePriceIds).toHaveLength(2)
    expect(second.stripePriceIds[1]).toBe(first.stripePriceIds[0])
    expect(second.stripePriceIds[0]).not.toBe(first.stripePriceIds[0])
    const amounts = await shop.db
      .select()
      .from(providerPrices)
      .where(eq(providerPrices.productId, idAt(2)))
    expect(amounts.map((p) => p.unitAmountPence).sort()).toContain((row.salePricePence ?? 0) + 25)
  })

  it('answers 404 for an unknown product and 409 for one out of stock', async () => {
    expect((await addToCart(999_999)).statusCode).toBe(404)
    await setStock(shop.db, idAt(3), 0)
    const res = await addToCart(idAt(3))
    expect(res.statusCode).toBe(409)
    expect(res.json<{ message: string }>().message).toMatch(/out of stock/)
    await setStock(shop.db, idAt(3), 20)
  })

  it('registers several products at once with products/with-prices', async () => {
    const wanted = [idAt(5), idAt(4), idAt(5)]
    const res = await post(shop.app, '/api/stripe/products/with-prices', { productIds: wanted })
    expect(res.statusCode).toBe(200)
    const body = ProductsWithPricesResponseSchema.parse(res.json())
    expect(body.map((entry) => entry.productId)).toEqual([idAt(4), idAt(5)].sort((a, b) => a - b))
    for (const entry of body) expect(entry.stripePriceIds).toHaveLength(1)
  })

  it.each([[[]], [Array.from({ length: 21 }, (_, i) => i + 1)], [['1']]])(
    'refuses productIds %j',
    async (productIds) => {
      const res = await post(shop.app, '/api/stripe/products/with-prices', { productIds })
      expect(res.statusCode).toBe(400)
    },
  )

  it('needs the XSRF token like every other call', async () => {
    const res = await shop.app.inject({ method: 'POST', url: `/api/stripe/products/add-to-cart/${idAt(0)}` })
    expect(res.statusCode).toBe(403)
  })
})
