import { gunzipSync } from 'node:zlib'
import { count, eq, sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ProductListSchema,
  ProductSchema,
  CategoryListSchema,
  SearchHelpSchema,
  searchExpression,
  type Category,
} from '@larder/shared'
import { categories, products } from '../../db/schema'
import { announceCatalogChange } from '../../lib/catalog-changes'
import { createTestApp, DATABASE_KINDS, xsrfHeaders, type TestApp } from '../../test/test-app'

const search = (query: string, extra = '') =>
  `/api/public/_search/products?query=${encodeURIComponent(query)}${extra}`

describe.each(DATABASE_KINDS)('catalogue API on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  const get = (url: string) => t.app.inject({ method: 'GET', url })
  const countWhere = async (condition: SQL) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(condition)
    return row?.n ?? 0
  }

  describe('GET /api/public/products', () => {
    it('returns the first 20 products, newest first, with the total and paging links', async () => {
      const res = await get('/api/public/products')
      expect(res.statusCode).toBe(200)
      const products = ProductListSchema.parse(res.json())
      expect(products).toHaveLength(20)
      const total = await countWhere(sql`true`)
      expect(res.headers['x-total-count']).toBe(String(total))
      expect(total).toBeGreaterThanOrEqual(300)
      const dates = products.map((p) => Date.parse(p.dateCreated))
      expect(dates).toEqual([...dates].sort((a, b) => b - a))
      expect(res.headers.link).toContain('rel="next"')
      expect(res.headers.link).toContain('page=1&size=20')
    })

    it('builds the paging links from the parameters the route accepts only', async () => {
      const junk = 'j'.repeat(5_000)
      const res = await get(`/api/public/products?size=5&junk=${junk}&query=categoryL1:Fresh&sort=id,asc`)
      expect(res.statusCode).toBe(200)
      const link = String(res.headers.link)
      expect(link).not.toContain('junk')
      expect(link.length).toBeLessThan(1_000)
      const next = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? ''
      const params = Object.fromEntries(new URL(next, 'http://shop.test').searchParams)
      expect(params).toEqual({ size: '5', query: 'categoryL1:Fresh', sort: 'id,asc', page: '1' })
    })

    it('pages without overlap and sorts by a whitelisted field', async () => {
      const first = ProductListSchema.parse((await get('/api/public/products?page=0&size=7')).json())
      const second = ProductListSchema.parse((await get('/api/public/products?page=1&size=7')).json())
      expect(second).toHaveLength(7)
      const ids = new Set(first.map((p) => p.id))
      expect(second.some((p) => ids.has(p.id))).toBe(false)

      const byName = ProductListSchema.parse(
        (await get('/api/public/products?sort=productName,asc&size=50')).json(),
      )
      const names = byName.map((p) => p.productName)
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    })

    it.each([
      ['size=1000', 'size'],
      ['size=0', 'size'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['sort=password,asc', 'sort'],
      ['sort=dateCreated,sideways', 'sort'],
    ])('answers 400 naming the parameter for %s', async (params, name) => {
      const res = await get(`/api/public/products?${params}`)
      expect(res.statusCode).toBe(400)
      const body = res.json<{ message: string; fieldErrors: Record<string, string[]> }>()
      expect(body.message).toContain(name)
      expect(Object.keys(body.fieldErrors)).toContain(name)
    })

    it.each([
      ['sort=password,asc', 'sort: sort field must be one of '],
      ['sort=id,desc&sort=dateCreated,sideways', 'sort: sort must look like field,asc or field,desc'],
    ])('says what is wrong with %s', async (params, message) => {
      const res = await get(`/api/public/products?${params}`)
      expect(res.statusCode).toBe(400)
      expect(res.json<{ message: string }>().message).toContain(message)
    })
  })

  describe('GET /api/public/_search/products', () => {
    it('filters by level-1 and level-2 category, case-insensitively, with a correct total', async () => {
      const res = await get(search('(categoryL1:"Fresh") AND (categoryL2:"Cheese")', '&size=100'))
      expect(res.statusCode).toBe(200)
      const products = ProductListSchema.parse(res.json())
      expect(products.length).toBeGreaterThan(0)
      expect(products.every((p) => p.categoryL1 === 'Fresh' && p.categoryL2 === 'Cheese')).toBe(true)
      const expected = await countWhere(sql`${categories.l1} = 'Fresh' and ${categories.l2} = 'Cheese'`)
      expect(res.headers['x-total-count']).toBe(String(expected))
      expect(products).toHaveLength(Math.min(expected, 100))

      const lower = await get(search('(categoryL1:"fresh") AND (categoryL2:"cheese")'))
      expect(lower.headers['x-total-count']).toBe(String(expected))
    })

    it('finds cheddar by a name prefix', async () => {
      const res = await get(search('productName:"ched*"', '&size=5'))
      expect(res.statusCode).toBe(200)
      const products = ProductListSchema.parse(res.json())
      expect(products.length).toBeGreaterThan(0)
      expect(products.length).toBeLessThanOrEqual(5)
      expect(products.every((p) => /\bched/i.test(p.productName))).toBe(true)
    })

    it('filters free products and best-rated products', async () => {
      const free = ProductListSchema.parse((await get(search('isFree:"true"', '&size=100'))).json())
      expect(free.length).toBeGreaterThan(0)
      expect(free.every((p) => p.isFree)).toBe(true)

      const rated = await get(search('status:"RATED"', '&page=0&size=20'))
      const ratedProducts = ProductListSchema.parse(rated.json())
      expect(ratedProducts).toHaveLength(20)
      expect(ratedProducts.every((p) => p.status === 'RATED')).toBe(true)
    })

    it.each([
      ['foo:bar', 'foo'],
      ['(((', 'syntax'],
      ['productName:"x" AND', 'syntax'],
      ['isFree:maybe', 'isFree'],
    ])('answers 400 with a clear message for %s', async (query, fragment) => {
      const res = await get(search(query))
      expect(res.statusCode).toBe(400)
      expect(res.json<{ message: string }>().message.toLowerCase()).toContain(fragment.toLowerCase())
    })

    // What the listing sends for text a shopper typed into its boxes (packages/shared/src/catalog/search.ts).
    it.each(['*', '**', 'ched*', 'a*b', '\\*', '"', '\\', ' * ', '*'.repeat(300), 'x'.repeat(1000)])(
      'answers 200 to whatever is typed into the search and shop boxes: %s',
      async (typed) => {
        const query = searchExpression({
          categoryL1: 'Fresh',
          vendorCity: typed,
          vendorCompanyName: typed,
          productNamePrefix: typed,
          text: typed,
        })
        expect(query).not.toBeNull()
        const res = await get(search(query ?? ''))
        expect(res.statusCode, res.body).toBe(200)
      },
    )

    it('finds by a typed name prefix with a trailing star as without it', async () => {
      const withStar = await get(search(searchExpression({ productNamePrefix: 'ched*' }) ?? ''))
      const without = await get(search(searchExpression({ productNamePrefix: 'ched' }) ?? ''))
      expect(withStar.statusCode).toBe(200)
      expect(ProductListSchema.parse(withStar.json()).length).toBeGreaterThan(0)
      expect(withStar.json()).toEqual(without.json())
    })

    it('ranks free text by relevance, capped totals, and orders it by a sort when one is asked for', async () => {
      const ranked = await get(search('cheddar', '&size=5'))
      expect(ranked.statusCode).toBe(200)
      const names = ProductListSchema.parse(ranked.json()).map((p) => p.productName)
      // Products named after the word come before those that only mention it.
      expect(names.slice(0, 4).every((name) => /cheddar/i.test(name))).toBe(true)
      expect(Number(ranked.headers['x-total-count'])).toBeGreaterThanOrEqual(4)
      const byPrice = ProductListSchema.parse(
        (await get(search('cheddar', '&size=100&sort=salePrice,asc'))).json(),
      )
      // Free products without a price come last, as PostgreSQL sorts NULL ascending.
      const prices = byPrice.flatMap((p) => (p.salePrice === null ? [] : [p.salePrice]))
      expect(prices).toEqual([...prices].sort((a, b) => a - b))
    })

    it('finds products despite a typo, joined words, accents and a synonym', async () => {
      for (const [query, name] of [
        ['chedar', 'Mature Cheddar'],
        ['sour dough', 'Sourdough Loaf'],
        ['creme', 'Crème Fraîche'],
        ['eggplant', 'Aubergine'],
        ['(croisant)', 'Croissants'],
      ] as const) {
        const products = ProductListSchema.parse((await get(search(query, '&size=5'))).json())
        expect(
          products.map((p) => p.productName),
          query,
        ).toContain(name)
      }
      // The words side by side in the name, as typed, before them apart: Baked Beans before Freshly Baked
      // Chelsea Buns, "bens" being one typo from either.
      const beans = ProductListSchema.parse((await get(search('(baked bens)', '&size=5'))).json())
      expect(beans.slice(0, 2).map((p) => p.productName)).toEqual(['Baked Beans', 'Organic Baked Beans'])
    })

    it('says how it read a misspelt text, as the products it lists are named', async () => {
      const readAs = async (text: string) => {
        const header = (await get(search(`(${text})`, '&size=5'))).headers['x-search-read-as']
        return typeof header === 'string' ? decodeURIComponent(header) : header
      }
      expect(await readAs('nilk')).toBe('milk')
      expect(await readAs('chedar')).toBe('cheddar')
      // "brest" is one typo from "best" too, but the products are named Chicken Breast.
      expect(await readAs('chiken brest')).toBe('chicken breast')
      // Read as typed: a word of the catalogue, or one in its other number.
      expect(await readAs('cheese')).toBeUndefined()
      expect(await readAs('cheeses')).toBeUndefined()
    })

    it('tries a search that finds nothing again with more typos, then with any of its words', async () => {
      // "milc" has four letters, too few for a typo at first; no product is both smoked and a salmon.
      const typo = ProductListSchema.parse((await get(search('milc', '&size=20'))).json())
      expect(typo.some((p) => /milk/i.test(p.productName))).toBe(true)
      const words = ProductListSchema.parse((await get(search('smoked salmon zzyzx', '&size=5'))).json())
      expect(words.some((p) => /salmon/i.test(p.productName))).toBe(true)
      expect(words.some((p) => /smoked/i.test(p.productName))).toBe(true)
    })

    it('takes Lucene fuzzy terms, wildcards, price and stock ranges and boosts', async () => {
      const names = async (query: string) => {
        const res = await get(search(query, '&size=100'))
        expect(res.statusCode, res.body).toBe(200)
        return ProductListSchema.parse(res.json())
      }
      expect((await names('productName:chedar~')).every((p) => /cheddar/i.test(p.productName))).toBe(true)
      expect((await names('productName:chedar~')).length).toBeGreaterThan(0)
      expect((await names('ch?ddar')).some((p) => /cheddar/i.test(p.productName))).toBe(true)
      const cheap = await names('salePrice:[1 TO 2]')
      expect(cheap.length).toBeGreaterThan(0)
      expect(cheap.every((p) => p.salePrice !== null && p.salePrice >= 1 && p.salePrice <= 2)).toBe(true)
      const exclusive = await names('salePrice:{1 TO 2}')
      expect(exclusive.every((p) => p.salePrice !== null && p.salePrice > 1 && p.salePrice < 2)).toBe(true)
      expect((await names('qty:[* TO 0]')).every((p) => p.qty === 0)).toBe(true)
      const boosted = await names('cheddar^5 OR stilton')
      expect(boosted.length).toBeGreaterThan(1)
      const refused = await get(search('id:[1 TO 5]'))
      expect(refused.statusCode).toBe(400)
      expect(refused.json<{ message: string }>().message).toContain('salePrice and qty')
    })

    it('offers close names, categories and shops for text that finds nothing', async () => {
      const res = await get(`/api/public/_search/help?text=${encodeURIComponent('chedder chese fishmonger')}`)
      expect(res.statusCode).toBe(200)
      const help = SearchHelpSchema.parse(res.json())
      expect(help.didYouMean.length).toBeGreaterThan(0)
      expect(help.categories).toContainEqual({ categoryL1: 'Fresh', categoryL2: 'Cheese', categoryL3: null })
      expect(help.shops.map((s) => s.companyName)).toContain('Broadway Fishmongers')
      const named = SearchHelpSchema.parse(
        (await get(`/api/public/_search/help?text=${encodeURIComponent('mature chedar')}`)).json(),
      )
      expect(named.didYouMean[0]).toMatch(/mature cheddar/i)
      // Misspellings further from the names than pg_trgm's default threshold of 0.6.
      for (const [text, name] of [
        ['chedderz', /cheddar/i],
        ['yogur', /yoghurt/i],
      ] as const) {
        const help = SearchHelpSchema.parse(
          (await get(`/api/public/_search/help?text=${encodeURIComponent(text)}`)).json(),
        )
        expect(
          help.didYouMean.some((offered) => name.test(offered)),
          text,
        ).toBe(true)
      }
      // Two typos in a short word, which neither the search nor trigram similarity reaches: names holding
      // the catalogue's words that close, keeping the first letter ("kale" is not pale).
      for (const [text, name] of [
        ['hunny', /honey/i],
        ['tumric', /turmeric/i],
        ['musles', /mussels/i],
      ] as const) {
        const help = SearchHelpSchema.parse(
          (await get(`/api/public/_search/help?text=${encodeURIComponent(text)}`)).json(),
        )
        expect(help.didYouMean.length, text).toBeGreaterThan(0)
        expect(
          help.didYouMean.every((offered) => name.test(offered)),
          text,
        ).toBe(true)
      }
      const kale = SearchHelpSchema.parse(
        (await get(`/api/public/_search/help?text=${encodeURIComponent('kale')}`)).json(),
      )
      expect(kale.didYouMean.filter((offered) => /pale ale/i.test(offered))).toEqual([])
      // A word the catalogue lacks that a one-way synonym lists with others (kale with the greens): the
      // aisles of the products named for those.
      expect(kale.categories).toContainEqual({
        categoryL1: 'Fresh',
        categoryL2: 'Vegetables & Fruits',
        categoryL3: 'Vegetables',
      })
      const pistachio = SearchHelpSchema.parse(
        (await get(`/api/public/_search/help?text=${encodeURIComponent('pistachio')}`)).json(),
      )
      expect(pistachio.categories.map((category) => category.categoryL2)).toEqual(['Snacks'])
      // Letters alone are too short to compare: nothing rather than names with an m or an s.
      expect(
        SearchHelpSchema.parse(
          (await get(`/api/public/_search/help?text=${encodeURIComponent('m&s')}`)).json(),
        ),
      ).toEqual({ didYouMean: [], categories: [], shops: [] })
      // A word saying only that it is a grocery is not compared: "bbq food" is not the aisle See food and Fish.
      const bbq = SearchHelpSchema.parse(
        (await get(`/api/public/_search/help?text=${encodeURIComponent('bbq food')}`)).json(),
      )
      expect(bbq.categories.map((category) => category.categoryL2)).not.toContain('See food and Fish')
      // A text saying what the product is without: names close to it would be the opposite.
      expect(
        SearchHelpSchema.parse(
          (await get(`/api/public/_search/help?text=${encodeURIComponent('gluten free bread')}`)).json(),
        ),
      ).toEqual({ didYouMean: [], categories: [], shops: [] })
      expect((await get('/api/public/_search/help?text=%20')).statusCode).toBe(400)
    })

    it('refuses a missing query, an over-long query and an oversized page', async () => {
      expect((await get('/api/public/_search/products')).statusCode).toBe(400)
      const long = await get(search(`productName:"${'a'.repeat(600)}"`))
      expect(long.statusCode).toBe(400)
      expect(long.json<{ message: string }>().message).toContain('500')
      const big = await get(search('categoryL1:"Fresh"', '&size=1000'))
      expect(big.statusCode).toBe(400)
      expect(big.json<{ message: string }>().message).toContain('size')
    })
  })

  describe('GET /api/products', () => {
    it('needs an account', async () => {
      const res = await get('/api/products')
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: 'Authentication required' })
    })
  })

  describe('GET /api/public/products/:id', () => {
    it('returns one product in the spec shape, prices in pounds', async () => {
      const [first] = ProductListSchema.parse((await get('/api/public/products?size=1')).json())
      if (!first) throw new Error('the demo catalogue is empty')
      const res = await get(`/api/public/products/${first.id}`)
      expect(res.statusCode).toBe(200)
      const product = ProductSchema.parse(res.json())
      expect(product).toEqual(first)
      expect(product.images.length).toBeGreaterThan(0)
      expect(product.images[0]).toMatch(/^\//)
    })

    it('answers 404 JSON for an unknown id and 400 for a malformed one', async () => {
      const missing = await get('/api/public/products/99999999')
      expect(missing.statusCode).toBe(404)
      expect(missing.json<{ message: string }>().message).toContain('99999999')
      expect((await get('/api/public/products/abc')).statusCode).toBe(400)
    })
  })

  describe('GET /api/public/categories', () => {
    it('returns the three-level tree and never a blank name', async () => {
      const fresh = await t.database.db
        .select({ id: categories.id })
        .from(categories)
        .where(sql`${categories.l1} = 'Fresh' and ${categories.level} = 1`)
      const freshId = fresh[0]?.id
      if (freshId === undefined) throw new Error('no Fresh category')
      await t.database.db
        .insert(categories)
        .values({ parentId: freshId, name: '  ', level: 2, position: 99, l1: 'Fresh', l2: '  ' })

      const res = await get('/api/public/categories')
      expect(res.statusCode).toBe(200)
      const tree = CategoryListSchema.parse(res.json())
      const names = (list: Category[]): string[] =>
        list.flatMap((c) => [c.categoryName, ...names(c.subCategory)])
      expect(names(tree).every((name) => name.trim() !== '')).toBe(true)
      const freshNode = tree.find((c) => c.categoryName === 'Fresh')
      const fruitAndVeg = freshNode?.subCategory.find((c) => c.categoryName === 'Vegetables & Fruits')
      expect(fruitAndVeg?.subCategory.map((c) => c.categoryName)).toEqual(
        expect.arrayContaining(['Vegetables', 'Fruits']),
      )
    })

    it('narrows the tree to the branches with a free product when asked with isFree=true', async () => {
      const all = CategoryListSchema.parse((await get('/api/public/categories')).json())
      const res = await get('/api/public/categories?isFree=true')
      expect(res.statusCode).toBe(200)
      const free = CategoryListSchema.parse(res.json())

      const paths = (list: Category[], above: string[] = []): string[][] =>
        list.flatMap((c) => [[...above, c.categoryName], ...paths(c.subCategory, [...above, c.categoryName])])
      const freeIn = (path: string[]) => {
        const [l1 = '', l2, l3] = path
        return countWhere(
          sql`${products.isFree} and ${categories.l1} = ${l1}
            and (${l2 ?? null}::text is null or ${categories.l2} = ${l2 ?? null})
            and (${l3 ?? null}::text is null or ${categories.l3} = ${l3 ?? null})`,
        )
      }
      const kept = new Set(paths(free).map((path) => path.join('/')))
      const dropped = paths(all).filter((path) => !kept.has(path.join('/')))
      expect(kept.size).toBeGreaterThan(0)
      expect(dropped.length).toBeGreaterThan(0)
      for (const path of paths(free)) expect(await freeIn(path), path.join('/')).toBeGreaterThan(0)
      for (const path of dropped) expect(await freeIn(path), path.join('/')).toBe(0)

      const wrong = await get('/api/public/categories?isFree=false')
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toMatchObject({ message: expect.stringContaining('isFree can only be true') })
    })
  })

  describe('GET /api/public/users', () => {
    it('lists the vendor shops with their public fields only', async () => {
      const res = await get('/api/public/users')
      expect(res.statusCode).toBe(200)
      const shops = res.json<Record<string, unknown>[]>()
      expect(shops).toHaveLength(15)
      for (const shop of shops) {
        expect(Object.keys(shop).sort()).toEqual(
          ['city', 'companyAddress', 'companyName', 'companyPhone', 'description', 'id', 'shopImage'].sort(),
        )
      }
      expect(shops.map((s) => s.id)).toContain('user-1')
    })
  })

  describe('caching of public reads', () => {
    it('sends an ETag with short shared caching, and 304 for a matching If-None-Match', async () => {
      const url = '/api/public/products?size=3'
      const first = await get(url)
      expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=5')
      const etag = String(first.headers.etag)
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      const cached = await get(url)
      expect(cached.json()).toEqual(first.json())
      expect(cached.headers['x-total-count']).toBe(first.headers['x-total-count'])
      expect(cached.headers.link).toBe(first.headers.link)
      expect((await get('/api/public/products/1')).headers.etag).toMatch(/^W\/".+"$/)
    })

    it('tags and caches compressed replies, with the security headers on cached ones', async () => {
      const request = {
        method: 'GET',
        url: '/api/public/products?size=40',
        headers: { 'accept-encoding': 'gzip' },
      } as const
      const first = await t.app.inject(request)
      const second = await t.app.inject(request)
      expect(first.headers['content-encoding']).toBe('gzip')
      expect(second.headers['content-encoding']).toBe('gzip')
      expect(second.headers.etag).toBe(first.headers.etag)
      expect(first.headers.etag).toMatch(/^W\/".+"$/)
      expect(second.headers['x-content-type-options']).toBe('nosniff')
      const body = gunzipSync(second.rawPayload).toString()
      expect(body).toBe(gunzipSync(first.rawPayload).toString())
      expect(ProductListSchema.parse(JSON.parse(body))).toHaveLength(40)
    })

    it('shows a change made through the API on the next read', async () => {
      const [row] = await t.database.db.select({ id: products.id, qty: products.qty }).from(products).limit(1)
      if (!row) throw new Error('no product')
      const url = `/api/public/products/${row.id}`
      const registerThroughServer = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/stripe/products/add-to-cart/${row.id}`,
          headers: xsrfHeaders,
        })
      try {
        expect(ProductSchema.parse((await get(url)).json()).qty).toBe(row.qty)
        // Changed behind the server's back, announcing nothing: the kept answer stands…
        await t.database.db
          .update(products)
          .set({ qty: row.qty + 1 })
          .where(eq(products.id, row.id))
        expect(ProductSchema.parse((await get(url)).json()).qty).toBe(row.qty)
        // …through a write the server refused, which changed nothing…
        const refused = await t.app.inject({
          method: 'POST',
          url: `/api/stripe/products/add-to-cart/${row.id}`,
        })
        expect(refused.statusCode).toBe(403)
        expect(ProductSchema.parse((await get(url)).json()).qty).toBe(row.qty)
        // …while a write through the server (here the product's registration with the payment provider)
        // empties the cache first.
        expect((await registerThroughServer()).statusCode).toBe(200)
        expect(ProductSchema.parse((await get(url)).json()).qty).toBe(row.qty + 1)
      } finally {
        // Put the stock back, announced as a change made by hand must be (docs/operations.md), so that no
        // later test in this file (in any order) reads the changed stock from the cache.
        await t.database.db.transaction(async (tx) => {
          await tx.update(products).set({ qty: row.qty }).where(eq(products.id, row.id))
          await announceCatalogChange(tx, { products: [row.id] })
        })
      }
      // The notice reaches the server a moment after the commit.
      await expect.poll(async () => ProductSchema.parse((await get(url)).json()).qty).toBe(row.qty)
    })
  })

  describe('errors and health', () => {
    it('answers unknown API paths with JSON 404 and reports health', async () => {
      const res = await get('/api/public/nothing-here')
      expect(res.statusCode).toBe(404)
      expect(res.json<{ message: string }>().message).toContain('/api/public/nothing-here')
      expect((await get('/healthz')).json()).toEqual({ status: 'ok' })
      expect((await get('/readyz')).json()).toEqual({ status: 'ready' })
    })

    it('sends security headers', async () => {
      const res = await get('/healthz')
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    })
  })
})
