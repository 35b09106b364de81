import { count, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../client'
import { categories, products, searchWords, shops, users } from '../schema'
import { createTestDatabase, DATABASE_KINDS } from '../../test/test-app'
import { DEFAULT_PRODUCT_COUNT, generateCategories } from './generate'
import { BATCH_SIZE, CatalogueNotEmptyError, seedCatalogue, seedIfEmpty } from './seed'

describe.each(DATABASE_KINDS)('seeding on %s', (kind) => {
  let database: DatabaseHandle | undefined
  afterEach(async () => {
    await database?.close()
    database = undefined
  })

  const rows = async (table: typeof products | typeof categories | typeof shops | typeof users) => {
    const [row] = await (database as DatabaseHandle).db.select({ n: count() }).from(table)
    return row?.n ?? 0
  }

  it('seeds an empty database once', async () => {
    database = await createTestDatabase(kind)
    expect(await seedIfEmpty(database.db)).toBe(true)
    expect(await rows(products)).toBe(DEFAULT_PRODUCT_COUNT)
    expect(await rows(categories)).toBe(generateCategories().length)
    expect(await rows(shops)).toBe(15)
    expect(await rows(users)).toBe(15)

    expect(await seedIfEmpty(database.db)).toBe(false)
    expect(await rows(products)).toBe(DEFAULT_PRODUCT_COUNT)
  })

  it('links categories to their parents and numbers products from 1', async () => {
    database = await createTestDatabase(kind)
    await seedIfEmpty(database.db)
    const [vegetables] = await database.db.select().from(categories).where(eq(categories.name, 'Vegetables'))
    expect(vegetables).toMatchObject({ level: 3, l1: 'Fresh', l2: 'Vegetables & Fruits', l3: 'Vegetables' })
    const [parent] = await database.db
      .select()
      .from(categories)
      .where(eq(categories.id, vegetables?.parentId ?? -1))
    expect(parent).toMatchObject({ level: 2, name: 'Vegetables & Fruits' })
    const [first] = await database.db.select().from(products).where(eq(products.id, 1))
    expect(first?.dateCreated.toISOString()).toBe('2026-01-01T00:00:00.000Z')
  })

  it('refuses to seed over a catalogue unless asked to reset it', async () => {
    database = await createTestDatabase(kind)
    await seedCatalogue(database.db, { products: 50 })
    await expect(seedCatalogue(database.db, { products: 10 })).rejects.toBeInstanceOf(CatalogueNotEmptyError)

    const progress: number[] = []
    const summary = await seedCatalogue(database.db, {
      products: BATCH_SIZE + 500,
      reset: true,
      onProgress: (done) => progress.push(done),
    })
    expect(summary).toMatchObject({ vendors: 15, products: BATCH_SIZE + 500 })
    expect(progress).toEqual([0, BATCH_SIZE, BATCH_SIZE + 500])
    expect(await rows(products)).toBe(BATCH_SIZE + 500)
    expect(await rows(users)).toBe(15)
    const [ids] = await database.db.select({ low: products.id }).from(products).orderBy(products.id).limit(1)
    expect(ids?.low).toBe(1)
  }, 120_000)

  /**
   * The seed computes the search columns and the vocabulary itself, with the triggers off and the indexes
   * and foreign keys dropped during the load: what it writes must be what the triggers would have, and the
   * table must come out with all of them back.
   */
  it('fills the search columns of every product and the vocabulary as the triggers would', async () => {
    database = await createTestDatabase(kind)
    const schemaOf = async () =>
      (
        (await database?.db.execute(sql`
          select (select array_agg(indexdef order by indexname) from pg_indexes where tablename = 'products') as indexes,
            (select array_agg(pg_get_constraintdef(oid) order by conname) from pg_constraint
              where conrelid = 'products'::regclass) as constraints,
            (select array_agg(tgname || ' ' || tgenabled::text order by tgname) from pg_trigger
              where tgrelid = 'products'::regclass and not tgisinternal) as triggers`)) as unknown as {
          rows: unknown[]
        }
      ).rows[0]
    const before = await schemaOf()
    await seedCatalogue(database.db, { products: 1200 })
    expect(await rows(products)).toBe(1200)
    expect(await schemaOf()).toEqual(before)
    // The search indexes come back without GIN's pending list, which every search would read through.
    const options = (await database.db.execute(sql`
      select relname as name, reloptions as options from pg_class where relname in
        ('products_search_idx', 'products_search_name_idx', 'products_name_trgm_idx') order by relname`)) as unknown as {
      rows: { name: string; options: string[] | null }[]
    }
    expect(options.rows).toEqual(
      ['products_name_trgm_idx', 'products_search_idx', 'products_search_name_idx'].map((name) => ({
        name,
        options: ['fastupdate=false'],
      })),
    )

    const { db } = database
    const differing = (await db.execute(sql`
      select count(*)::int as n from products p
      where p.search_vector is distinct from search_document(p.product_name,
          (select s.company_name from shops s where s.user_id = p.vendor_id),
          (select concat_ws(' ', c.l1, c.l2, c.l3) from categories c where c.id = p.category_id),
          p.product_description, p.product_ingredients)
        or p.search_name is distinct from search_normalize(p.product_name)
        or p.search_name_vector is distinct from setweight(to_tsvector('larder_search', p.product_name), 'A')
        or p.search_name_head is distinct from search_name_head(p.product_name)
        or p.search_vector is null or p.search_name is null`)) as unknown as { rows: { n: number }[] }
    expect(differing.rows[0]?.n).toBe(0)
    // The name's thing is its last word before "with" or "in" (migration 0024).
    const heads = (await db.execute(sql`
      select search_name_head('Sparkling Water with Lime')::text as water,
        search_name_head('Chickpeas in Water')::text as chickpeas,
        search_name_head('King Edward Potatoes')::text as potatoes`)) as unknown as {
      rows: Record<string, string>[]
    }
    expect(heads.rows[0]).toEqual({ water: "'water':1", chickpeas: "'chickpea':1", potatoes: "'potato':1" })

    // The vocabulary holds exactly the words the statement trigger would have added (shops' and
    // categories' words come from their own triggers).
    const vocabulary = async () =>
      (await db.select({ word: searchWords.word }).from(searchWords).orderBy(searchWords.word)).map(
        (row) => row.word,
      )
    const seeded = await vocabulary()
    expect(seeded).toContain('cheddar')
    await db.delete(searchWords)
    await db.execute(sql`insert into search_words (word) select distinct w from (
        select concat_ws(' ', product_name, product_description, product_ingredients) as t from products
        union all select company_name from shops union all select name from categories) texts,
      regexp_split_to_table(search_normalize(texts.t), ' ') w where length(w) > 1`)
    expect(seeded).toEqual(await vocabulary())

    // The triggers are on again: a renamed product gets its document and its words.
    await db.update(products).set({ productName: 'Quagswallow Relish' }).where(eq(products.id, 1))
    const [renamed] = await db
      .select({ name: products.searchName })
      .from(products)
      .where(
        sql`${products.id} = 1 and ${products.searchVector} @@ to_tsquery('larder_search', 'quagswallow')`,
      )
    expect(renamed?.name).toBe('quagswallow relish')
    expect(await vocabulary()).toContain('quagswallow')
  })
})
