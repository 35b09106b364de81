/**
 * X-Total-Count for a filter, remembered for a few seconds. Counting is the one part of a listing that
 * reads every matching row (317 ms for all 100 000 products through the joins, 17–29 ms for one category
 * or the best-rated set, in EXPLAIN ANALYZE), while the page itself is an index scan of 20 rows. Totals change
 * when products are added, archived or restored (the back office, which clears this cache in its process) or
 * re-seeded, so a total served from here is exact except for at most TTL_MS after such a change made by
 * another process.
 */
export const TOTALS_TTL_MS = 5_000
/** Filters are user input: the cache is bounded so that many distinct queries cannot grow it. */
export const TOTALS_MAX_ENTRIES = 1_000

interface Entry {
  total: Promise<number>
  expires: number
}

/** Totals by filter key: the repository makes the key (equal keys, equal counts) and does the counting. */
export function createTotalsCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>()

  return {
    get(key: string, count: () => Promise<number>): Promise<number> {
      const cached = entries.get(key)
      if (cached && cached.expires > now()) return cached.total
      if (cached) entries.delete(key)
      if (entries.size >= TOTALS_MAX_ENTRIES) {
        // Maps iterate in insertion order, so the first key is the oldest entry.
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      // Concurrent requests for the same filter share one count instead of each running it.
      const total = count()
      entries.set(key, { total, expires: now() + TOTALS_TTL_MS })
      // A failed count must not be served to the next request.
      total.catch(() => entries.delete(key))
      return total
    },
    clear() {
      entries.clear()
    },
  }
}
