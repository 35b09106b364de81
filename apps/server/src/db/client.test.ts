import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, TEST_DATABASE_URL } from '../test/test-app'
import type { DatabaseHandle } from './client'

describe.skipIf(!TEST_DATABASE_URL)('the node-postgres pool', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
  })
  afterAll(async () => {
    await database?.close()
  })

  it('gets its client back when a transaction cannot even begin', async () => {
    // BEGIN with an impossible setting fails like BEGIN on a dropped connection; do it more often than the
    // pool has clients (5 in tests), so a leaked client per failure would leave none for the last query.
    for (let i = 0; i < 7; i++) {
      await expect(
        database.db.transaction(async () => undefined, { isolationLevel: 'no such level' as 'serializable' }),
      ).rejects.toThrow()
    }
    const answer = await Promise.race([
      database.db.execute(sql`select 1 as ok`).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('pool exhausted'), 5000)),
    ])
    expect(answer).toBe('answered')
  })
})
