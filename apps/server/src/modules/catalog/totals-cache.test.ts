import { describe, expect, it } from 'vitest'
import { SAFETY_TTL_MS } from '../../lib/catalog-changes'
import { createTotalsCache, TOTALS_MAX_ENTRIES, TOTALS_TTL_MS } from './totals-cache'

describe('totals cache', () => {
  const setup = () => {
    let now = 0
    const counted: string[] = []
    const cache = createTotalsCache({ now: () => now })
    const get = (key: string) =>
      cache.get(key, async () => {
        counted.push(key === '' ? 'all' : 'filtered')
        return counted.length
      })
    return { get, counted, advance: (ms: number) => (now += ms) }
  }

  it('counts a filter once per TTL, sharing one count between concurrent requests', async () => {
    const { get, counted, advance } = setup()
    const [a, b] = await Promise.all([get(''), get('')])
    expect([a, b]).toEqual([1, 1])
    advance(TOTALS_TTL_MS - 1)
    expect(await get('')).toBe(1)
    advance(1)
    expect(await get('')).toBe(2)
    expect(counted).toEqual(['all', 'all'])
  })

  it('keeps filters with different keys apart', async () => {
    const { get, counted } = setup()
    await get('status = RATED')
    await get('status = ACTIVE')
    await get('status = RATED')
    await get('')
    expect(counted).toEqual(['filtered', 'filtered', 'all'])
  })

  it('does not remember a failed count', async () => {
    let fail = true
    const cache = createTotalsCache()
    const count = async () => {
      if (fail) throw new Error('database down')
      return 7
    }
    await expect(cache.get('', count)).rejects.toThrow('database down')
    fail = false
    expect(await cache.get('', count)).toBe(7)
  })

  it('holds at most TOTALS_MAX_ENTRIES filters, dropping the oldest', async () => {
    const { get, counted } = setup()
    for (let i = 0; i <= TOTALS_MAX_ENTRIES; i++) await get(`id = ${i}`)
    await get(`id = ${TOTALS_MAX_ENTRIES}`)
    expect(counted).toHaveLength(TOTALS_MAX_ENTRIES + 1)
    await get(`id = ${0}`)
    expect(counted).toHaveLength(TOTALS_MAX_ENTRIES + 2)
  })

  it('keeps a total as long as the lifetime asked for when it was counted', async () => {
    let now = 0
    let lifetime = SAFETY_TTL_MS
    let counts = 0
    const cache = createTotalsCache({ now: () => now, lifetime: () => lifetime })
    const get = () => cache.get('', async () => ++counts)
    expect(await get()).toBe(1)
    now += SAFETY_TTL_MS - 1
    expect(await get()).toBe(1)
    now += 1
    lifetime = TOTALS_TTL_MS
    expect(await get()).toBe(2)
    now += TOTALS_TTL_MS
    expect(await get()).toBe(3)
  })

  it('drops only the totals of filters on stock when asked to', async () => {
    let counts = 0
    const cache = createTotalsCache()
    const get = (key: string, readsStock: boolean) => cache.get(key, async () => ++counts, readsStock)
    expect(await get('qty >= 1', true)).toBe(1)
    expect(await get('status = RATED', false)).toBe(2)
    cache.dropStockTotals()
    expect(await get('qty >= 1', true)).toBe(3)
    expect(await get('status = RATED', false)).toBe(2)
    cache.clear()
    expect(await get('status = RATED', false)).toBe(4)
  })
})
