import { and, eq, isNull, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pictureMessages, productMessages, type VendorProduct, type ProductEditInput } from '@larder/shared'
import { auditLog, categories, orderProducts, products, shops } from '../../db/schema'
import {
  backOfficeSessions,
  call,
  SHOP_A,
  SHOP_B,
  type BackOfficeSessions,
} from '../../test/backoffice-helpers'
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../test/test-app'
import { addLine, createOrder } from '../payments/payments-test-helpers'

describe.each(DATABASE_KINDS)("a shop's products on %s", (kind) => {
  let t: TestApp
  let s: BackOfficeSessions
  let leafCategory: { id: number; l1: string; l2: string | null; l3: string | null }
  beforeAll(async () => {
    t = await createTestApp(kind)
    s = await backOfficeSessions(t.app, t.database.db)
    const [leaf] = await t.database.db.select().from(categories).where(eq(categories.level, 3)).limit(1)
    if (!leaf) throw new Error('no leaf category')
    leafCategory = leaf
  })
  afterAll(async () => {
    await t?.close()
  })

  const db = () => t.database.db
  const shopProductIds = async (shopId: string) =>
    (await db().select({ id: products.id }).from(products).where(eq(products.vendorId, shopId))).map(
      (r) => r.id,
    )
  const anyProductOf = async (shopId: string) => {
    const [row] = await db()
      .select()
      .from(products)
      .where(and(eq(products.vendorId, shopId), isNull(products.archivedAt)))
      .limit(1)
    if (!row) throw new Error(`no product of ${shopId}`)
    return row
  }
  const newProduct = (overrides: Partial<ProductEditInput> = {}): ProductEditInput => ({
    productName: `Sourdough ${Math.random().toString(36).slice(2, 8)}`,
    productDescription: 'Slow-proved over two days.',
    productIngredients: 'Wheat flour, water, salt',
    allergens: [{ name: 'Cereals containing gluten', detail: 'wheat' }],
    salePrice: 4.5,
    discountPrice: 3.95,
    qty: 12,
    isFree: false,
    categoryId: leafCategory.id,
    status: 'ACTIVE',
    ...overrides,
  })
  const storefront = (id: number) => call(t.app, undefined, 'GET', `/api/public/products/${id}`)

  describe('GET /api/vendor/products', () => {
    it("lists the shop's own products only, with the total, paged", async () => {
      const own = await shopProductIds(SHOP_A)
      const res = await call(t.app, s.vendorA, 'GET', '/api/vendor/products?size=100&archived=all')
      expect(res.statusCode).toBe(200)
      expect(Number(res.headers['x-total-count'])).toBe(own.length)
      const ids = res.json<VendorProduct[]>().map((p) => p.id)
      expect(ids.length).toBe(Math.min(100, own.length))
      for (const id of ids) expect(own).toContain(id)

      const b = await call(t.app, s.vendorB, 'GET', '/api/vendor/products?size=100&archived=all')
      for (const product of b.json<VendorProduct[]>()) expect(own).not.toContain(product.id)

      const page1 = await call(
        t.app,
        s.vendorA,
        'GET',
        '/api/vendor/products?size=2&page=1&sort=productName&direction=asc',
      )
      const page0 = await call(
        t.app,
        s.vendorA,
        'GET',
        '/api/vendor/products?size=2&page=0&sort=productName&direction=asc',
      )
      const names = [...page0.json<VendorProduct[]>(), ...page1.json<VendorProduct[]>()].map(
        (p) => p.productName,
      )
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
      expect(page1.headers.link).toContain('rel="next"')
    })

    it('searches by name and filters by category, stock, free and discount', async () => {
      const sample = await anyProductOf(SHOP_A)
      const word = sample.productName.split(' ')[0] ?? sample.productName
      const found = await call(
        t.app,
        s.vendorA,
        'GET',
        `/api/vendor/products?search=${encodeURIComponent(word.toUpperCase())}`,
      )
      const list = found.json<VendorProduct[]>()
      expect(list.length).toBeGreaterThan(0)
      for (const p of list) expect(p.productName.toLowerCase()).toContain(word.toLowerCase())

      const check = async (query: string, test: (p: VendorProduct) => boolean) => {
        const res = await call(t.app, s.vendorA, 'GET', `/api/vendor/products?size=100&${query}`)
        expect(res.statusCode, query).toBe(200)
        for (const p of res.json<VendorProduct[]>()) expect(test(p), `${query}: ${p.productName}`).toBe(true)
        return res.json<VendorProduct[]>()
      }
      await check('inStock=true', (p) => p.qty > 0)
      await check('inStock=false', (p) => p.qty === 0)
      const free = await check('free=true', (p) => p.isFree)
      expect(free.length).toBeGreaterThan(0) // Shop A is the community larder, which owns the free items.
      await check('free=false', (p) => !p.isFree)
      await check(
        'discounted=true',
        (p) => p.discountPrice !== null && p.salePrice !== null && p.discountPrice < p.salePrice,
      )
      const top = await check(`categoryId=${sample.categoryId}`, () => true)
      expect(top.map((p) => p.id)).toContain(sample.id)
      // '%' is searched for, not a wildcard.
      const percent = await call(t.app, s.vendorA, 'GET', '/api/vendor/products?search=%25')
      expect(percent.json()).toEqual([])
    })

    it('refuses a bad query with a 400 naming it', async () => {
      const res = await call(t.app, s.vendorA, 'GET', '/api/vendor/products?sort=vendorId')
      expect(res.statusCode).toBe(400)
    })
  })

  describe('creating and editing', () => {
    it('creates a product that the storefront shows at once, prices in pounds kept as pence', async () => {
      // The storefront's listing is cached (5 s): a read now, then the change, then a read must see it.
      const before = await call(t.app, undefined, 'GET', '/api/public/products?size=1')
      const created = await call(
        t.app,
        s.vendorA,
        'POST',
        '/api/vendor/products',
        newProduct({ salePrice: 4.5 }),
      )
      expect(created.statusCode).toBe(201)
      const product = created.json<VendorProduct>()
      expect(product).toMatchObject({ salePrice: 4.5, discountPrice: 3.95, archived: false })
      expect(product.productAllergens).toBe('Cereals containing gluten (wheat)')
      const [row] = await db().select().from(products).where(eq(products.id, product.id))
      expect(row).toMatchObject({ vendorId: SHOP_A, salePricePence: 450, discountPricePence: 395 })

      const after = await call(t.app, undefined, 'GET', '/api/public/products?size=1')
      expect(after.json<{ id: number }[]>()[0]?.id).toBe(product.id)
      expect(Number(after.headers['x-total-count'])).toBe(Number(before.headers['x-total-count']) + 1)
      const page = await storefront(product.id)
      expect(page.json()).toMatchObject({
        productName: product.productName,
        salePrice: 4.5,
        discountPrice: 3.95,
        productAllergens: 'Cereals containing gluten (wheat)',
        vendorID: SHOP_A,
      })
    })

    it('edits every field the storefront shows, and records before and after', async () => {
      const { json } = await call(t.app, s.vendorA, 'POST', '/api/vendor/products', newProduct())
      const id = json<VendorProduct>().id
      await storefront(id)
      const edited = newProduct({
        productName: 'Seeded rye loaf',
        productDescription: 'Dark and dense.',
        productIngredients: 'Rye flour, water, salt, seeds',
        allergens: [
          { name: 'Sesame', detail: '' },
          { name: 'Cereals containing gluten', detail: 'rye' },
        ],
        salePrice: 5,
        discountPrice: null,
        qty: 3,
        status: 'RATED',
      })
      const res = await call(t.app, s.vendorA, 'PUT', `/api/vendor/products/${id}`, edited)
      expect(res.statusCode).toBe(200)
      expect((await storefront(id)).json()).toMatchObject({
        productName: 'Seeded rye loaf',
        productDescription: 'Dark and dense.',
        productIngredients: 'Rye flour, water, salt, seeds',
        productAllergens: 'Cereals containing gluten (rye), Sesame',
        salePrice: 5,
        discountPrice: null,
        qty: 3,
        status: 'RATED',
      })
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'product.update')))
      expect(audit).toMatchObject({ actorId: SHOP_A, shopId: SHOP_A, entityType: 'product' })
      expect(audit?.before).toMatchObject({
        productName: expect.stringContaining('Sourdough'),
        salePricePence: 450,
      })
      expect(audit?.after).toMatchObject({
        productName: 'Seeded rye loaf',
        salePricePence: 500,
        status: 'RATED',
      })
    })

    it('refuses what the shared rules refuse, naming the field, and changes nothing', async () => {
      const target = await anyProductOf(SHOP_A)
      const cases: [Partial<ProductEditInput>, string, string][] = [
        [{ discountPrice: 5, salePrice: 4 }, 'discountPrice', productMessages.discountNotLower],
        [{ salePrice: null }, 'salePrice', productMessages.priceRequired],
        [{ salePrice: 1.999 }, 'salePrice', productMessages.priceInvalid],
        [{ productName: '   ' }, 'productName', productMessages.nameRequired],
        [{ qty: -1 }, 'qty', productMessages.stockInvalid],
      ]
      for (const [override, field, message] of cases) {
        const res = await call(
          t.app,
          s.vendorA,
          'PUT',
          `/api/vendor/products/${target.id}`,
          newProduct(override),
        )
        expect(res.statusCode, field).toBe(400)
        expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors[field]).toContain(message)
      }
      const unknownCategory = await call(
        t.app,
        s.vendorA,
        'POST',
        '/api/vendor/products',
        newProduct({ categoryId: 999_999 }),
      )
      expect(unknownCategory.statusCode).toBe(400)
      expect(unknownCategory.json()).toMatchObject({ message: productMessages.categoryUnknown })
      const [row] = await db().select().from(products).where(eq(products.id, target.id))
      expect(row).toEqual(target)
      // A free item needs no price.
      const free = await call(
        t.app,
        s.vendorA,
        'POST',
        '/api/vendor/products',
        newProduct({ isFree: true, salePrice: null, discountPrice: null }),
      )
      expect(free.statusCode).toBe(201)
    })

    it('changes stock inline', async () => {
      const target = await anyProductOf(SHOP_A)
      const res = await call(t.app, s.vendorA, 'PUT', `/api/vendor/products/${target.id}/stock`, { qty: 77 })
      expect(res.json()).toMatchObject({ qty: 77 })
      expect((await storefront(target.id)).json()).toMatchObject({ qty: 77 })
      expect(
        (await call(t.app, s.vendorA, 'PUT', `/api/vendor/products/${target.id}/stock`, { qty: 1.5 }))
          .statusCode,
      ).toBe(400)
    })

    it('archives a product off the storefront (page, listing, new order lines) and restores it', async () => {
      const id = (
        await call(t.app, s.vendorA, 'POST', '/api/vendor/products', newProduct())
      ).json<VendorProduct>().id
      expect((await storefront(id)).statusCode).toBe(200)
      const archived = await call(t.app, s.vendorA, 'POST', `/api/vendor/products/${id}/archive`)
      expect(archived.json()).toMatchObject({ archived: true })
      expect((await storefront(id)).statusCode).toBe(404)
      const listing = await call(t.app, undefined, 'GET', `/api/public/_search/products?query=id:${id}`)
      expect(listing.json()).toEqual([])
      expect(listing.headers['x-total-count']).toBe('0')
      const { id: orderId } = await createOrder(t.app)
      expect((await addLine(t.app, orderId, id, 1)).statusCode).toBe(404)
      // The shop's own table still has it, among the archived.
      const table = await call(t.app, s.vendorA, 'GET', '/api/vendor/products?archived=true&size=100')
      expect(table.json<VendorProduct[]>().map((p) => p.id)).toContain(id)
      const active = await call(t.app, s.vendorA, 'GET', '/api/vendor/products?size=100&sort=dateCreated')
      expect(active.json<VendorProduct[]>().map((p) => p.id)).not.toContain(id)

      expect(
        (await call(t.app, s.vendorA, 'POST', `/api/vendor/products/${id}/restore`)).json(),
      ).toMatchObject({ archived: false })
      expect((await storefront(id)).statusCode).toBe(200)
    })

    it("never changes an order's recorded prices", async () => {
      const id = (
        await call(
          t.app,
          s.vendorA,
          'POST',
          '/api/vendor/products',
          newProduct({ salePrice: 2, discountPrice: null }),
        )
      ).json<VendorProduct>().id
      const { id: orderId } = await createOrder(t.app)
      const line = await addLine(t.app, orderId, id, 2)
      expect(line.statusCode).toBe(201)
      const [before] = await db().select().from(orderProducts).where(eq(orderProducts.orderId, orderId))
      expect(before).toMatchObject({ pricePence: 200, totalPricePence: 400 })

      await call(
        t.app,
        s.vendorA,
        'PUT',
        `/api/vendor/products/${id}`,
        newProduct({ productName: 'Renamed', salePrice: 9, discountPrice: null }),
      )
      await call(t.app, s.vendorA, 'POST', `/api/vendor/products/${id}/archive`)
      const [after] = await db().select().from(orderProducts).where(eq(orderProducts.orderId, orderId))
      expect(after).toEqual(before)
      const order = await call(t.app, undefined, 'GET', `/api/public/orders/${orderId}`)
      expect(order.json()).toMatchObject({ subTotal: 4 })
    })
  })

  describe("shop B's staff and shop A's products", () => {
    it('can read or change none of them: every product route answers 404 and nothing moves', async () => {
      const target = await anyProductOf(SHOP_A)
      const attempts: [string, 'GET' | 'PUT' | 'POST', string, unknown][] = [
        ['GET /products/:id', 'GET', `/api/vendor/products/${target.id}`, undefined],
        ['PUT /products/:id', 'PUT', `/api/vendor/products/${target.id}`, newProduct()],
        ['PUT /products/:id/stock', 'PUT', `/api/vendor/products/${target.id}/stock`, { qty: 0 }],
        ['POST /products/:id/archive', 'POST', `/api/vendor/products/${target.id}/archive`, undefined],
        ['POST /products/:id/restore', 'POST', `/api/vendor/products/${target.id}/restore`, undefined],
        ['GET /products/:id/pictures', 'GET', `/api/vendor/products/${target.id}/pictures`, undefined],
        ['PUT /products/:id/pictures', 'PUT', `/api/vendor/products/${target.id}/pictures`, { images: [] }],
      ]
      for (const [, method, url, body] of attempts) {
        const res = await call(t.app, s.vendorB, method, url, body)
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        const message = url.endsWith('/pictures') ? pictureMessages.noSuchProduct : productMessages.notFound
        expect(res.json()).toEqual({ message })
      }
      const [row] = await db().select().from(products).where(eq(products.id, target.id))
      expect(row).toEqual(target)
      // Every vendor route with a product id is among the attempts above.
      const withId = t.app.backOfficeRoutes.routes
        .filter((r) => r.url.startsWith('/api/vendor/products/:id'))
        .map((r) => `${r.method} ${r.url.replace('/api/vendor', '')}`)
      // The upload, a multipart body, is proved the same way in pictures.routes.test.ts.
      const provedElsewhere = ['POST /products/:id/pictures']
      expect([...attempts.map(([name]) => name), ...provedElsewhere].sort()).toEqual(withId.sort())
      // A new product always lands in the caller's own shop.
      const created = await call(t.app, s.vendorB, 'POST', '/api/vendor/products', {
        ...newProduct(),
        vendorId: SHOP_A,
      })
      const [createdRow] = await db()
        .select()
        .from(products)
        .where(eq(products.id, created.json<VendorProduct>().id))
      expect(createdRow?.vendorId).toBe(SHOP_B)
    })
  })

  describe('the shop profile', () => {
    it("reads and changes the member's own shop, which the storefront shows at once", async () => {
      const mine = await call(t.app, s.vendorB, 'GET', '/api/vendor/shop')
      expect(mine.json()).toMatchObject({ id: SHOP_B })
      const [shopA] = await db().select().from(shops).where(eq(shops.userId, SHOP_A))
      await call(t.app, undefined, 'GET', '/api/public/users')
      const profile = {
        companyName: 'High Road Greengrocers & Florist',
        city: 'Wembley',
        companyAddress: '212 High Road, Wembley HA9 7BD',
        companyPhone: '020 7946 0199',
        description: 'Now with flowers.',
        id: SHOP_A,
      }
      const res = await call(t.app, s.vendorB, 'PUT', '/api/vendor/shop', profile)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: SHOP_B, companyName: profile.companyName })
      const list = (await call(t.app, undefined, 'GET', '/api/public/users')).json<
        { id: string; companyName: string }[]
      >()
      expect(list.find((shop) => shop.id === SHOP_B)?.companyName).toBe(profile.companyName)
      // Shop A is untouched, whatever id the body named.
      const [afterA] = await db().select().from(shops).where(eq(shops.userId, SHOP_A))
      expect(afterA).toEqual(shopA)
      const bad = await call(t.app, s.vendorB, 'PUT', '/api/vendor/shop', {
        ...profile,
        companyPhone: 'call me',
      })
      expect(bad.statusCode).toBe(400)
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'shop.update'), ne(auditLog.shopId, SHOP_B)))
      expect(audits).toEqual([])
    })
  })

  it('offers the category tree with ids and paths', async () => {
    const res = await call(t.app, s.vendorA, 'GET', '/api/vendor/categories')
    const list = res.json<{ id: number; path: string; level: number }[]>()
    expect(list).toContainEqual({
      id: leafCategory.id,
      level: 3,
      path: [leafCategory.l1, leafCategory.l2, leafCategory.l3].join(' > '),
    })
  })
})
