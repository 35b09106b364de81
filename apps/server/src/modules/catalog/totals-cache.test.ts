import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTotalsCache, TOTALS_MAX_ENTRIES, TOTALS_TTL_MS } from './totals-cache'

describe('totals cache', () => {
  const setup = () => {
    let now = 0
    const counted: string[] = []
    const cache = createTotalsCache(
      async (where) => {
        counted.push(where === undefined ? 'all' : 'filtered')
        return counted.length
      },
      () => now,
    )
    return { cache, counted, advance: (ms: number) => (now += ms) }
  }

  it('counts a filter once per TTL, sharing one count between concurrent requests', async () => {
    const { cache, counted, advance } = setup()
    const [a, b] = await Promise.all([cache.get(undefined), cache.get(undefined)])
    expect([a, b]).toEqual([1, 1])
    advance(TOTALS_TTL_MS - 1)
    expect(await cache.get(undefined)).toBe(1)
    advance(1)
    expect(await cache.get(undefined)).toBe(2)
    expect(counted).toEqual(['all', 'all'])
  })

  it('keeps filters with different SQL or parameters apart', async () => {
    const { cache, counted } = setup()
    await cache.get(sql`status = ${'RATED'}`)
    await cache.get(sql`status = ${'ACTIVE'}`)
    await cache.get(sql`status = ${'RATED'}`)
    await cache.get(undefined)
    expect(counted).toEqual(['filtered', 'filtered', 'all'])
  })

  it('does not remember a failed count', async () => {
    let fail = true
    const cache = createTotalsCache(async () => {
      if (fail) throw new Error('database down')
      return 7
    })
    await expect(cache.get(undefined)).rejects.toThrow('database down')
    fail = false
    expect(await cache.get(undefined)).toBe(7)
  })

  it('holds at most TOTALS_MAX_ENTRIES filters, dropping the oldest', async () => {
    const { cache, counted } = setup()
    for (let i = 0; i <= TOTALS_MAX_ENTRIES; i++) await cache.get(sql`id = ${i}`)
    await cache.get(sql`id = ${TOTALS_MAX_ENTRIES}`)
    expect(counted).toHaveLength(TOTALS_MAX_ENTRIES + 1)
    await cache.get(sql`id = ${0}`)
    expect(counted).toHaveLength(TOTALS_MAX_ENTRIES + 2)
  })
})
