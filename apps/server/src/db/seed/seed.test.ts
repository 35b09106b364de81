import { count, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../client'
import { categories, products, shops, users } from '../schema'
import { createTestDatabase, DATABASE_KINDS } from '../../test/test-app'
import { DEFAULT_PRODUCT_COUNT, generateCategories } from './generate'
import { CatalogueNotEmptyError, seedCatalogue, seedIfEmpty } from './seed'

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
      products: 2500,
      reset: true,
      onProgress: (done) => progress.push(done),
    })
    expect(summary).toMatchObject({ vendors: 15, products: 2500 })
    expect(progress).toEqual([0, 1000, 2000, 2500])
    expect(await rows(products)).toBe(2500)
    expect(await rows(users)).toBe(15)
    const [ids] = await database.db.select({ low: products.id }).from(products).orderBy(products.id).limit(1)
    expect(ids?.low).toBe(1)
  })
})
