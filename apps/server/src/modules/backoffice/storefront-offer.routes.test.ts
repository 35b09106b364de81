import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ProductListSchema,
  SearchHelpSchema,
  type AdminCategory,
  type Category,
  type SearchHelp,
} from '@larder/shared'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { categories, products } from '../../db/schema'
import { postJson } from '../../test/accounts-helpers'
import { orderForm } from '../payments/payments-test-helpers'
import { backOfficeSessions, call, SHOP_A, type BackOfficeSessions } from '../../test/backoffice-helpers'
import { createTestApp, DATABASE_KINDS, TEST_JWT_SECRET, type TestApp } from '../../test/test-app'

const ORDER = orderForm()

const names = (tree: Category[]): string[] =>
  tree.flatMap((node) => [node.categoryName, ...names(node.subCategory)])

/**
 * What the storefront offers is one rule (db/product-visibility.ts `onSale`): not archived, the shop not
 * suspended, the category and every category above it not hidden. These tests hold each place that
 * shows or sells products to it, in this process and in a second one sharing the database.
 */
describe.each(DATABASE_KINDS)('what the storefront offers on %s', (kind) => {
  let t: TestApp
  let s: BackOfficeSessions
  /** A second server process on the same database, with its own kept replies. */
  let other: FastifyInstance

  beforeAll(async () => {
    t = await createTestApp(kind)
    s = await backOfficeSessions(t.app, t.database.db)
    other = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        JWT_SECRET: TEST_JWT_SECRET,
      }),
      db: t.database.db,
      listen: t.database.listen,
    })
    await other.ready()
  })
  afterAll(async () => {
    await other?.close()
    await t?.close()
  })

  const get = (url: string, app: FastifyInstance = t.app) => call(app, undefined, 'GET', url)
  const totalOf = async (url: string, app: FastifyInstance = t.app) =>
    Number((await get(url, app)).headers['x-total-count'])
  const search = (text: string, size = 20) =>
    `/api/public/_search/products?query=${encodeURIComponent(text)}&size=${size}`
  const help = async (text: string): Promise<SearchHelp> =>
    SearchHelpSchema.parse((await get(`/api/public/_search/help?text=${encodeURIComponent(text)}`)).json())
  const adminTree = async () =>
    (await call(t.app, s.admin, 'GET', '/api/admin/categories')).json<AdminCategory[]>()
  const setHidden = async (id: number, hidden: boolean) => {
    const res = await call(t.app, s.admin, 'PATCH', `/api/admin/categories/${id}`, { hidden })
    expect(res.statusCode, res.body).toBe(204)
  }
  /** A product of the category path on sale with stock, a price and not free: one a basket can hold. */
  const productIn = async (l1: string, l2: string, l3: string | null) => {
    const [row] = await t.database.db
      .select({ id: products.id, productName: products.productName, categoryId: products.categoryId })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(
        and(
          eq(categories.l1, l1),
          eq(categories.l2, l2),
          l3 === null ? isNull(categories.l3) : eq(categories.l3, l3),
          gt(products.qty, 5),
          isNotNull(products.salePricePence),
          eq(products.isFree, false),
          isNull(products.archivedAt),
        ),
      )
      .orderBy(asc(products.id))
      .limit(1)
    if (!row) throw new Error(`no product for sale in ${l1} > ${l2} > ${l3 ?? ''}`)
    return row
  }
  const inSitemap = async (path: string) =>
    (
      await get(path.startsWith('/products/') ? '/sitemaps/categories-1.xml' : '/sitemaps/products-1.xml')
    ).body.includes(`${path}</loc>`)

  it("takes a hidden category's products, and those of the categories under it, off every listing, search, suggestion, product page, the sitemap and checkout, in every process; unhiding brings them back", async () => {
    const nodes = await adminTree()
    const fresh = nodes.find((node) => node.level === 1 && node.name === 'Fresh')
    const cheese = nodes.find(
      (node) => node.level === 2 && node.name === 'Cheese' && node.parentId === fresh?.id,
    )
    if (!fresh || !cheese) throw new Error('the demo tree has no Fresh > Cheese')
    // A product right in the node hidden first, and one two levels under the node hidden next.
    const cheddar = await productIn('Fresh', 'Cheese', null)
    const carrot = await productIn('Fresh', 'Vegetables & Fruits', 'Vegetables')
    const page = (id: number) => `/api/public/products/${id}`
    const all = '/api/public/products?size=1'
    const cheeseListing = search('categoryL2:"Cheese"')
    const freshListing = search('categoryL1:"Fresh"')
    const byName = search(cheddar.productName, 5)

    // Read first, in both processes, so that kept replies and totals must be dropped for the test to pass.
    for (const app of [t.app, other]) {
      expect((await get(page(cheddar.id), app)).statusCode).toBe(200)
      expect(await totalOf(cheeseListing, app)).toBeGreaterThan(0)
    }
    const allBefore = await totalOf(all)
    const cheeseCount = await totalOf(cheeseListing)
    const freshCount = await totalOf(freshListing)
    const suggestedBefore = ProductListSchema.parse((await get(byName)).json())
    expect(suggestedBefore.map((row) => row.id)).toContain(cheddar.id)
    expect(await inSitemap(`/product-detail/${cheddar.id}`)).toBe(true)
    expect(await inSitemap('/products/Fresh/Cheese')).toBe(true)
    // A basket made before the hiding, holding the cheddar.
    const order = await postJson(t.app, '/api/public/orders', ORDER)
    expect(order.statusCode, order.body).toBe(201)
    const orderId = order.json<{ id: string }>().id
    const line = await postJson(t.app, '/api/public/order-products', {
      orderId,
      productId: cheddar.id,
      quantity: 1,
    })
    expect(line.statusCode, line.body).toBe(201)

    await setHidden(cheese.id, true)

    // The product page answers 404 as for an archived product, here and in the other process.
    expect((await get(page(cheddar.id))).statusCode).toBe(404)
    await expect.poll(async () => (await get(page(cheddar.id), other)).statusCode).toBe(404)
    await expect.poll(() => totalOf(cheeseListing, other)).toBe(0)
    // Listings, their totals and search.
    expect(await totalOf(cheeseListing)).toBe(0)
    expect(await totalOf(all)).toBe(allBefore - cheeseCount)
    expect(await totalOf(freshListing)).toBe(freshCount - cheeseCount)
    const listed = ProductListSchema.parse((await get('/api/public/products?size=100')).json())
    expect(listed.some((row) => row.categoryL2 === 'Cheese')).toBe(false)
    // The suggestions (the search box's own call: free text, five results) and the results page.
    const suggested = ProductListSchema.parse((await get(byName)).json())
    expect(suggested.some((row) => row.id === cheddar.id || row.categoryL2 === 'Cheese')).toBe(false)
    const found = ProductListSchema.parse((await get(search(cheddar.productName))).json())
    expect(found.some((row) => row.categoryL2 === 'Cheese')).toBe(false)
    // The tree, the free mall's tree and the sitemap.
    expect(names((await get('/api/public/categories')).json<Category[]>())).not.toContain('Cheese')
    expect(names((await get('/api/public/categories?isFree=true')).json<Category[]>())).not.toContain(
      'Cheese',
    )
    expect(await inSitemap(`/product-detail/${cheddar.id}`)).toBe(false)
    expect(await inSitemap('/products/Fresh/Cheese')).toBe(false)
    expect(await inSitemap(`/product-detail/${carrot.id}`)).toBe(true)
    // Neither a new line nor the checkout of the basket that holds one.
    const added = await postJson(t.app, '/api/public/order-products', {
      orderId,
      productId: cheddar.id,
      quantity: 2,
    })
    expect(added.statusCode).toBe(404)
    const checkout = await postJson(t.app, `/api/stripe/create-checkout-session?orderId=${orderId}`, {})
    expect(checkout.statusCode, checkout.body).toBe(409)
    expect(checkout.json<{ message: string }>().message).toMatch(/no longer on sale/)

    // Hiding the top of the tree takes what lies two levels under it too.
    expect((await get(page(carrot.id))).statusCode).toBe(200)
    await setHidden(fresh.id, true)
    expect((await get(page(carrot.id))).statusCode).toBe(404)
    await expect.poll(async () => (await get(page(carrot.id), other)).statusCode).toBe(404)
    expect(await totalOf(freshListing)).toBe(0)
    expect(await totalOf(all)).toBe(allBefore - freshCount)
    expect(await inSitemap(`/product-detail/${carrot.id}`)).toBe(false)
    expect(await inSitemap('/products/Fresh/Vegetables%20%26%20Fruits/Vegetables')).toBe(false)
    const carrotLine = await postJson(t.app, '/api/public/order-products', {
      orderId,
      productId: carrot.id,
      quantity: 1,
    })
    expect(carrotLine.statusCode).toBe(404)

    // Unhiding brings every one of them back, in both processes.
    await setHidden(fresh.id, false)
    await setHidden(cheese.id, false)
    expect((await get(page(cheddar.id))).statusCode).toBe(200)
    await expect.poll(async () => (await get(page(cheddar.id), other)).statusCode).toBe(200)
    expect(await totalOf(all)).toBe(allBefore)
    expect(await totalOf(cheeseListing)).toBe(cheeseCount)
    expect(ProductListSchema.parse((await get(byName)).json()).map((row) => row.id)).toContain(cheddar.id)
    expect(await inSitemap(`/product-detail/${cheddar.id}`)).toBe(true)
    expect(await inSitemap('/products/Fresh/Cheese')).toBe(true)
    const back = await postJson(t.app, `/api/stripe/create-checkout-session?orderId=${orderId}`, {})
    expect(back.statusCode, back.body).toBe(200)
  })

  it("offers in the search's zero-result help no hidden category, no suspended shop (nor the sitemap) and no name of a product off sale", async () => {
    // Close to a category (Cheese), a shop (Broadway Fishmongers) and product names.
    const text = 'chese fishmonger'
    const before = await help(text)
    expect(before.categories).toContainEqual({ categoryL1: 'Fresh', categoryL2: 'Cheese', categoryL3: null })
    const fishmonger = before.shops.find((shop) => shop.companyName === 'Broadway Fishmongers')
    if (!fishmonger) throw new Error('the help offers no Broadway Fishmongers')
    const cheese = (await adminTree()).find((node) => node.level === 2 && node.name === 'Cheese')
    if (!cheese) throw new Error('no Cheese category')

    // A hidden category: neither it nor the names of its products.
    const [cheeseNames, suspendedNames] = await Promise.all([
      t.database.db
        .selectDistinct({ name: products.productName })
        .from(products)
        .where(eq(products.categoryId, cheese.id)),
      t.database.db
        .selectDistinct({ name: products.productName })
        .from(products)
        .where(eq(products.vendorId, fishmonger.vendorID)),
    ])
    const cheeseName = (await help('chedar')).didYouMean.find((name) =>
      cheeseNames.some((row) => row.name === name),
    )
    expect(cheeseName, 'a cheese of the Cheese category is offered before').toBeDefined()
    await setHidden(cheese.id, true)
    const hidden = await help(text)
    expect(hidden.categories.some((category) => category.categoryL2 === 'Cheese')).toBe(false)
    expect(
      (await help('chedar')).didYouMean.filter((name) => cheeseNames.some((row) => row.name === name)),
    ).toEqual([])
    await setHidden(cheese.id, false)
    expect((await help(text)).categories).toContainEqual({
      categoryL1: 'Fresh',
      categoryL2: 'Cheese',
      categoryL3: null,
    })

    // A suspended shop: neither the shop nor the names of its products.
    const fishName = (await help('smoked salmn')).didYouMean.find((name) =>
      suspendedNames.some((row) => row.name === name),
    )
    expect(fishName, 'a product of Broadway Fishmongers is offered before').toBeDefined()
    expect((await get('/sitemaps/shops-1.xml')).body).toContain(`/products/${fishmonger.vendorID}</loc>`)
    // Read again first, so that the kept help must be dropped for the test to pass.
    expect((await help(text)).shops.map((shop) => shop.vendorID)).toContain(fishmonger.vendorID)
    const suspend = await call(t.app, s.admin, 'POST', `/api/admin/shops/${fishmonger.vendorID}/suspension`, {
      suspended: true,
    })
    expect(suspend.statusCode, suspend.body).toBe(200)
    expect((await help(text)).shops.map((shop) => shop.vendorID)).not.toContain(fishmonger.vendorID)
    // Nor does the sitemap list its (empty) listing.
    expect((await get('/sitemaps/shops-1.xml')).body).not.toContain(`/products/${fishmonger.vendorID}</loc>`)
    expect(
      (await help('smoked salmn')).didYouMean.filter((name) =>
        suspendedNames.some((row) => row.name === name),
      ),
    ).toEqual([])
    await call(t.app, s.admin, 'POST', `/api/admin/shops/${fishmonger.vendorID}/suspension`, {
      suspended: false,
    })
    expect((await help(text)).shops.map((shop) => shop.vendorID)).toContain(fishmonger.vendorID)

    // An archived product: not its name, when no other product on sale bears it.
    const [unique] = await t.database.db
      .select({ name: products.productName })
      .from(products)
      .where(eq(products.vendorId, SHOP_A))
      .groupBy(products.productName)
      .having(sql`(select count(*) from products o where o.product_name = ${products.productName}) = 1`)
      .orderBy(products.productName)
      .limit(1)
    if (!unique) throw new Error('shop A has no product of a name of its own')
    const [archived] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.productName, unique.name))
    if (!archived) throw new Error('no product')
    expect((await help(unique.name)).didYouMean).toContain(unique.name)
    const archive = await call(t.app, s.vendorA, 'POST', `/api/vendor/products/${archived.id}/archive`)
    expect(archive.statusCode, archive.body).toBe(200)
    expect((await help(unique.name)).didYouMean).not.toContain(unique.name)
    await call(t.app, s.vendorA, 'POST', `/api/vendor/products/${archived.id}/restore`)
    expect((await help(unique.name)).didYouMean).toContain(unique.name)
  })
  it("finds a shop's new product by a typo of its new word in every process, once the change is announced", async () => {
    const [leaf] = await t.database.db.select().from(categories).where(eq(categories.level, 3)).limit(1)
    if (!leaf) throw new Error('no leaf category')
    // Each process holds the vocabulary: the typo leads nowhere until the new word is in it.
    const typo = search('quagswalow')
    for (const app of [t.app, other]) expect(await totalOf(typo, app)).toBe(0)
    const created = await call(t.app, s.vendorA, 'POST', '/api/vendor/products', {
      productName: 'Quagswallow Relish',
      productDescription: 'A sharp relish.',
      productIngredients: 'Quagswallow, vinegar, sugar',
      allergens: [],
      salePrice: 3.5,
      discountPrice: null,
      qty: 10,
      isFree: false,
      categoryId: leaf.id,
      status: 'ACTIVE',
    })
    expect(created.statusCode, created.body).toBe(201)
    const { id } = created.json<{ id: number }>()
    const ids = async (app: FastifyInstance) =>
      (await get(typo, app)).json<{ id: number }[]>().map((p) => p.id)
    expect(await ids(t.app)).toEqual([id])
    await expect.poll(() => ids(other)).toEqual([id])
  })
})
