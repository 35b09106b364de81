import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '../../db/client'
import { catalogTags, createCatalogChangeFeed, type CatalogChangeFeed } from '../../lib/catalog-changes'
import { categories, products, SEARCH_PART_SIZE } from '../../db/schema'
import { seedIfEmpty } from '../../db/seed/seed'
import { createTestDatabase, DATABASE_KINDS } from '../../test/test-app'
import {
  createCatalogRepository,
  MAX_PREPARED_PAGES,
  MAX_TEXT_HITS,
  NEWEST_WALK,
  type CatalogRepository,
} from './catalog.repository'
import { parseSearchQuery, type SearchQuery } from './search/search-query'
import { TOTALS_TTL_MS } from './totals-cache'

const searchOf = (query: string): SearchQuery => {
  const parsed = parseSearchQuery(query)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.query
}

describe.each(DATABASE_KINDS)('catalogue repository on %s', (kind) => {
  let database: DatabaseHandle
  let repository: CatalogRepository
  beforeAll(async () => {
    // One connection, so that the prepared statements the test looks at are the ones the queries used.
    database = await createTestDatabase(kind, 1)
    await seedIfEmpty(database.db)
    repository = createCatalogRepository(database.db)
  })
  afterAll(async () => {
    await database?.close()
  })

  /** The same page straight from the tables, newest first, without the repository's statements. */
  const expectedIds = async (condition: SQL | undefined, page: number, size: number) => {
    const rows = await database.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(condition)
      .orderBy(desc(products.dateCreated), desc(products.id))
      .limit(size)
      .offset(page * size)
    return rows.map((r) => r.id)
  }
  const page = async (query: string | undefined, pageNumber: number, size: number) => {
    const { rows } = await repository.findPage({
      search: query === undefined ? undefined : searchOf(query),
      page: pageNumber,
      size,
      sort: [],
    })
    return rows.map((r) => r.id)
  }

  it('answers searches of one shape with their own values, whichever ran first', async () => {
    for (const [l1, l2] of [
      ['Fresh', 'Cheese'],
      ['Bakery', 'Bread'],
      ['Fresh', 'Cheese'],
    ] as const) {
      const ids = await page(`(categoryL1:"${l1}") AND (categoryL2:"${l2}")`, 0, 10)
      expect(ids.length).toBeGreaterThan(0)
      expect(ids).toEqual(await expectedIds(and(eq(categories.l1, l1), eq(categories.l2, l2)), 0, 10))
    }
  })

  it('pages with any size and page number', async () => {
    for (const [pageNumber, size] of [
      [0, 5],
      [0, 20],
      [1, 5],
      [3, 7],
      [1, 20],
    ] as const) {
      expect(await page(undefined, pageNumber, size)).toEqual(await expectedIds(undefined, pageNumber, size))
      expect(await page('status:"RATED"', pageNumber, size)).toEqual(
        await expectedIds(eq(products.status, 'RATED'), pageNumber, size),
      )
    }
  })

  it('still answers once more shapes have been seen than it prepares', async () => {
    // Every page size is a statement of its own, so this passes the limit with one filter.
    for (let size = 1; size <= MAX_PREPARED_PAGES + 5; size++) {
      const ids = await page('isFree:false', 0, size)
      expect(ids).toEqual(await expectedIds(eq(products.isFree, false), 0, size))
    }
  })

  it('finds a product by id, and nothing for an unknown id', async () => {
    const [first] = await database.db
      .select({ id: products.id })
      .from(products)
      .orderBy(asc(products.id))
      .limit(1)
    expect((await repository.findById(first?.id ?? 0))?.id).toBe(first?.id)
    expect(await repository.findById(2_000_000_000)).toBeUndefined()
  })

  it.runIf(kind === 'postgres')('plans a first page once and then reuses the plan', async () => {
    // A second repository on the same connection, as after a restart: the earlier tests used up the first
    // one's shapes, and statements named by their text must not clash with the first one's.
    const fresh = createCatalogRepository(database.db)
    for (let i = 0; i < 8; i++) {
      await fresh.findPage({ search: undefined, page: 0, size: 20, sort: [] })
      const category = searchOf(`categoryL1:"${i % 2 === 0 ? 'Fresh' : 'Bakery'}"`)
      await fresh.findPage({ search: category, page: 0, size: 20, sort: [] })
      await fresh.findById(1 + i)
    }
    const plans = await database.db
      .select({
        statement: sql<string>`statement`,
        generic: sql<number>`generic_plans::int`,
        custom: sql<number>`custom_plans::int`,
      })
      .from(sql`pg_prepared_statements`)
      .where(sql`name like 'catalog\\_%'`)
    const statement = (name: string, test: (text: string) => boolean) => {
      const found = plans.filter((p) => test(p.statement))
      expect(found, name).toHaveLength(1)
      return found[0]
    }
    // Every read also carries the rule of what the storefront offers (db/product-visibility.ts).
    const byCategory = (s: string) => s.includes('lower("categories"."l1") = lower($1)')
    const firstPage = statement(
      'first page',
      (s) => !s.includes('$1') && !s.includes(' offset ') && s.endsWith(' limit 20'),
    )
    const category = statement(
      'category',
      (s) => byCategory(s) && !s.includes('$2') && !s.includes(' offset ') && s.endsWith(' limit 20'),
    )
    const byId = statement('by id', (s) => s.includes('"products"."id" = $1'))
    for (const plan of [firstPage, category, byId]) {
      // PostgreSQL plans the first five runs for their values, then keeps a generic plan if it is no dearer.
      expect(plan?.generic).toBeGreaterThan(0)
      expect(plan?.custom).toBeLessThanOrEqual(5)
    }
  })
})

describe.each(DATABASE_KINDS)('name patterns on %s', (kind) => {
  let database: DatabaseHandle
  let repository: CatalogRepository
  beforeAll(async () => {
    database = await createTestDatabase(kind, 1)
    await seedIfEmpty(database.db)
    // More new products than the walk reads, newer than the demo's, three of them cheddars.
    await database.db.execute(sql`
      insert into products (vendor_id, category_id, product_name, qty, date_created)
      select 'user-2', (select min(id) from categories where level = 3),
        case when n in (700, 1500, 2050) then 'Cheddar Twist ' else 'Plain Bagel ' end || n, 3,
        now() + n * interval '1 second'
      from generate_series(1, ${NEWEST_WALK + 100}) n`)
    // Statistics of the names, as a catalogue in use has: a plan for each pattern then looks cheaper.
    await database.db.execute(sql`analyze products`)
    repository = createCatalogRepository(database.db)
  })
  afterAll(async () => {
    await database?.close()
  })

  const newestMatching = async (pattern: string, size: number) => {
    const rows = await database.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.productName} ~* ${pattern}`)
      .orderBy(desc(products.dateCreated), desc(products.id))
      .limit(size)
    return rows.map((r) => r.id)
  }
  const firstPage = async (query: string, size: number) => {
    const { rows, total } = await repository.findPage({ search: searchOf(query), page: 0, size, sort: [] })
    return { ids: rows.map((r) => r.id), total }
  }

  it('finds a common pattern among the newest products', async () => {
    const { ids, total } = await firstPage('productName:"bag*"', 5)
    expect(ids).toEqual(await newestMatching('\\mbag', 5))
    const [all] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.productName} ~* '\\mbag'`)
    expect(total).toBe(all?.n)
  })

  it('reads every match when the newest hold fewer than a page', async () => {
    // Three cheddars among the newest, the demo's own far older.
    const { ids } = await firstPage('productName:"ched*"', 5)
    const expected = await newestMatching('\\mched', 5)
    expect(expected).toHaveLength(5)
    expect(ids).toEqual(expected)
    // None among the newest at all.
    const sourdough = await firstPage('productName:"sourd*"', 3)
    expect(sourdough.ids.length).toBeGreaterThan(0)
    expect(sourdough.ids).toEqual(await newestMatching('\\msourd', 3))
  })

  it.runIf(kind === 'postgres')('walks the newest products with one plan for every pattern', async () => {
    for (const word of ['bag', 'ched', 'twi', 'pla', 'bage', 'chedd', 'bag'])
      await firstPage(`productName:"${word}*"`, 5)
    const [walk, ...others] = await database.db
      .select({ generic: sql<number>`generic_plans::int` })
      .from(sql`pg_prepared_statements`)
      .where(sql`name like 'catalog\\_%' and statement like ${`%limit ${NEWEST_WALK})% limit 5`}`)
    expect(others).toHaveLength(0)
    expect(walk?.generic).toBeGreaterThan(0)
  })
})

describe.each(DATABASE_KINDS)('free text read in parts on %s', (kind) => {
  let database: DatabaseHandle
  const lastPart = 3 * SEARCH_PART_SIZE
  beforeAll(async () => {
    database = await createTestDatabase(kind, 1)
    await seedIfEmpty(database.db)
    // More jams than the window holds in the first part, and five tarts, the newest, in the fourth.
    await database.db.execute(sql`
      insert into products (vendor_id, category_id, product_name, qty)
      select 'user-2', (select min(id) from categories where level = 3), 'Quagberry Jam ' || n, 4
      from generate_series(1, ${MAX_TEXT_HITS + 100}) n`)
    await database.db.execute(sql`
      insert into products (id, vendor_id, category_id, product_name, qty, date_created)
      overriding system value
      select ${lastPart} + n, 'user-3', (select min(id) from categories where level = 3),
        'Quagberry Tart ' || n, 4, now() + interval '1 hour'
      from generate_series(1, 5) n`)
  })
  afterAll(async () => {
    await database?.close()
  })

  const names = async (repository: CatalogRepository, text: string) => {
    const { rows, total } = await repository.findPage({ search: searchOf(text), page: 0, size: 20, sort: [] })
    return { names: rows.map((row) => row.productName), total }
  }

  it('reads the newest part first', async () => {
    const inParts = createCatalogRepository(database.db, undefined, { searchPartsFrom: 0 })
    const { names: found, total } = await names(inParts, 'quagberry')
    expect(total).toBe(MAX_TEXT_HITS)
    expect(found.slice(0, 5).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `Quagberry Tart ${n}`))
  })

  it('reads in parts only from the highest id it is given', async () => {
    const below = createCatalogRepository(database.db, undefined, { searchPartsFrom: lastPart + 6 })
    expect((await names(below, 'quagberry')).names.filter((n) => n.includes('Tart'))).toEqual([])
    const from = createCatalogRepository(database.db, undefined, { searchPartsFrom: lastPart + 5 })
    expect((await names(from, 'quagberry')).names.filter((n) => n.includes('Tart'))).toHaveLength(5)
  })

  it('finds and ranks the same products either way when they are in one part', async () => {
    const inParts = createCatalogRepository(database.db, undefined, { searchPartsFrom: 0 })
    const onePass = createCatalogRepository(database.db, undefined, {
      searchPartsFrom: Number.MAX_SAFE_INTEGER,
    })
    for (const text of [
      'cheese',
      'bread',
      'sour dough',
      'chedar',
      'free range eggs',
      'salt',
      'smoked had',
      'fish',
    ])
      expect(await names(inParts, text), text).toEqual(await names(onePass, text))
  })
})

describe.each(DATABASE_KINDS)('free-text totals on %s', (kind) => {
  let database: DatabaseHandle
  let repository: CatalogRepository
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await seedIfEmpty(database.db)
    // More products with one word than a free-text total counts, and a few with another.
    await database.db.execute(sql`
      insert into products (vendor_id, category_id, product_name, qty)
      select 'user-2', (select min(id) from categories where level = 3), 'Quagberry Jam ' || n, n % 7
      from generate_series(1, ${MAX_TEXT_HITS + 100}) n
      union all
      select 'user-3', (select min(id) from categories where level = 3), 'Zorbleberry Tart ' || n, 5
      from generate_series(1, 30) n`)
    // A word in more descriptions than the window holds, written before the few products named after it.
    await database.db.execute(sql`
      insert into products (vendor_id, category_id, product_name, product_description, qty)
      select 'user-2', (select min(id) from categories where level = 3), 'Spiced Loaf ' || n,
        'Baked with a spoonful of grumbleweed honey', 5
      from generate_series(1, ${MAX_TEXT_HITS + 50}) n`)
    await database.db.execute(sql`
      insert into products (vendor_id, category_id, product_name, qty)
      select 'user-3', (select min(id) from categories where level = 3), 'Grumbleweed Honey ' || n, 5
      from generate_series(1, 3) n`)
    repository = createCatalogRepository(database.db)
  })
  afterAll(async () => {
    await database?.close()
  })

  const search = (text: string, page: number, sort: { field: 'productName'; direction: 'asc' }[] = []) =>
    repository.findPage({ search: searchOf(text), page, size: 20, sort })

  it('counts every match below the bound', async () => {
    const { rows, total } = await search('zorbleberry', 0)
    expect(total).toBe(30)
    expect(rows).toHaveLength(20)
    expect((await search('zorbleberry', 1)).rows).toHaveLength(10)
  })

  it('counts at most MAX_TEXT_HITS, every one of them on a page, and says so on every page', async () => {
    const first = await search('quagberry', 0)
    expect(first.total).toBe(MAX_TEXT_HITS)
    expect(first.rows).toHaveLength(20)
    expect(first.rows.every((row) => row.productName.startsWith('Quagberry Jam'))).toBe(true)
    const last = await search('quagberry', MAX_TEXT_HITS / 20 - 1)
    expect(last).toMatchObject({ total: MAX_TEXT_HITS })
    expect(last.rows).toHaveLength(20)
    // Past the end there are no rows to carry the total; it is counted on its own.
    expect(await search('quagberry', MAX_TEXT_HITS / 20)).toEqual({ rows: [], total: MAX_TEXT_HITS })
    // A sort asked for reads the matches in that order, with the same bounded total.
    const sorted = await search('quagberry', 0, [{ field: 'productName', direction: 'asc' }])
    expect(sorted.total).toBe(MAX_TEXT_HITS)
    expect(sorted.rows[0]?.productName).toBe('Quagberry Jam 1')
  })

  it('ranks the products named after a word even when more descriptions mention it than the window holds', async () => {
    const { rows, total } = await search('grumbleweed', 0)
    expect(total).toBe(MAX_TEXT_HITS)
    expect(rows.slice(0, 3).map((row) => row.productName)).toEqual(
      expect.arrayContaining(['Grumbleweed Honey 1', 'Grumbleweed Honey 2', 'Grumbleweed Honey 3']),
    )
    expect(rows.slice(3).every((row) => row.productName.startsWith('Spiced Loaf'))).toBe(true)
  })

  it('gives no rows and a total of 0 when nothing matches', async () => {
    expect(await search('xylophonic', 0)).toEqual({ rows: [], total: 0 })
  })
})

describe.each(DATABASE_KINDS)('listing totals kept until a change on %s', (kind) => {
  let database: DatabaseHandle
  let feed: CatalogChangeFeed
  let repository: CatalogRepository
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await seedIfEmpty(database.db)
    feed = createCatalogChangeFeed()
    repository = createCatalogRepository(database.db, feed)
  })
  afterAll(async () => {
    await database?.close()
  })

  const total = async (query: string) =>
    (await repository.findPage({ search: searchOf(query), page: 0, size: 5, sort: [] })).total
  /** A write past the announcing code: only a notice tells the repository about it. */
  const silently = (statement: SQL) => database.db.execute(statement)
  const firstProduct = async () => {
    const [row] = await database.db
      .select({ id: products.id })
      .from(products)
      .orderBy(asc(products.id))
      .limit(1)
    if (!row) throw new Error('no product')
    return row.id
  }

  it('counts again only after a notice that can change the total', async () => {
    const rated = await total('status:"RATED"')
    const inStock = await total('qty:[1 TO *]')
    const id = await firstProduct()
    await silently(sql`update products set status = 'RATED', qty = 0 where id = ${id}`)
    // Nothing announced: both totals are kept as they were, however long ago they were counted.
    const now = Date.now()
    vi.useFakeTimers({ now, toFake: ['Date'] })
    try {
      vi.setSystemTime(now + 10 * TOTALS_TTL_MS)
      expect(await total('status:"RATED"')).toBe(rated)
      expect(await total('qty:[1 TO *]')).toBe(inStock)
    } finally {
      vi.useRealTimers()
    }
    // A product's own notice (its stock) moves it only in or out of filters on stock.
    feed.publish([catalogTags.product(id)])
    expect(await total('qty:[1 TO *]')).toBe(inStock - 1)
    expect(await total('status:"RATED"')).toBe(rated)
    // A listing change can change any total.
    feed.publish([catalogTags.listings])
    expect(await total('status:"RATED"')).toBe(rated + 1)
  })

  it('keeps totals only briefly while notices cannot be heard', async () => {
    const before = await total('isFree:true')
    const id = await firstProduct()
    feed.setLive(false)
    try {
      await silently(sql`update products set is_free = not is_free where id = ${id}`)
      const now = Date.now()
      vi.useFakeTimers({ now, toFake: ['Date'] })
      vi.setSystemTime(now + TOTALS_TTL_MS)
      expect(await total('isFree:true')).not.toBe(before)
    } finally {
      vi.useRealTimers()
      feed.setLive(true)
    }
  })
})
