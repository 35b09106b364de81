import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { createTestDatabase, DATABASE_KINDS } from '../test/test-app'

describe.each(DATABASE_KINDS)('statistics on %s', (kind) => {
  let database: DatabaseHandle

  beforeAll(async () => {
    database = await createTestDatabase(kind, 1)
  })

  afterAll(async () => {
    await database?.close()
  })

  // Name patterns are planned from these (migration 0020): with 100, a million products' "ched*" was
  // estimated at 95 names instead of 6 780 and read through the wrong index.
  it('keeps 300 entries of statistics for product names', async () => {
    const result = (await database.db.execute(sql`
      select attstattarget as target from pg_attribute
      where attrelid = 'products'::regclass and attname = 'product_name'`)) as unknown as {
      rows: { target: number }[]
    }
    expect(Number(result.rows[0]?.target)).toBe(300)
  })
})
