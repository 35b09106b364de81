import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createEmptyPostgresDatabase, TEST_DATABASE_URL } from '../test/test-app'
import { openDatabase } from './client'
import { prepareDatabase } from './prepare'
import { countProducts } from './seed/seed'
import { DEFAULT_PRODUCT_COUNT } from './seed/generate'

/** Processes started together (a deployment scaling from zero, a rolling restart of several at once). */
const PROCESSES = 5

describe.skipIf(!TEST_DATABASE_URL)('start-up on PostgreSQL', () => {
  it(
    `${PROCESSES} processes starting together on an empty database all come up, and seed it once`,
    { timeout: 120_000 },
    async () => {
      const empty = await createEmptyPostgresDatabase()
      // One pool each, as separate processes have: their own sessions on the server.
      const handles = await Promise.all(
        Array.from({ length: PROCESSES }, () => openDatabase({ url: empty.url, poolSize: 3 })),
      )
      try {
        const outcomes = await Promise.allSettled(
          handles.map((handle) => prepareDatabase(handle, { seedDemo: true })),
        )
        expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([])
        const [first] = handles
        if (!first) throw new Error('no handle')
        expect(await countProducts(first.db)).toBe(DEFAULT_PRODUCT_COUNT)
        // Every migration recorded once, and the demo vendors not doubled by a second seed.
        const migrations = (await first.db.execute(
          sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { n: number; distinct_n: number }[] }
        expect(migrations.rows[0]?.n).toBeGreaterThan(0)
        expect(migrations.rows[0]?.n).toBe(migrations.rows[0]?.distinct_n)
        const shops = (await first.db.execute(sql`select count(*)::int as n from shops`)) as unknown as {
          rows: { n: number }[]
        }
        expect(shops.rows[0]?.n).toBe(15)
      } finally {
        await Promise.all(handles.map((handle) => handle.close()))
        await empty.drop()
      }
    },
  )
})
