/**
 * X-Total-Count for a filter, remembered until the catalogue changes. Counting is the one part of a listing
 * that reads every matching row (751 ms for all of a million products, 172 ms for one category of them,
 * against under a millisecond for the page itself, an index scan of 20 rows), so a count on every read
 * would be most of a listing's cost.
 *
 * Totals change when products are added, archived or restored, a shop is suspended, a category hidden, or
 * stock moves a product in or out of a filter on `qty`. Every such write announces itself to every process
 * (lib/catalog-changes.ts), and the repository drops the totals it touches; while that is so, a total is
 * kept SAFETY_TTL_MS (lib/catalog-changes.ts), as kept replies are, for changes made past the announcing
 * code (SQL by hand). While this process cannot hear the announcements, or has none to hear (a repository
 * on its own, as in tests), a total is kept TOTALS_TTL_MS, so it is exact except for at most that long
 * after a change elsewhere.
 */
export const TOTALS_TTL_MS = 5_000
/** Filters are user input: the cache is bounded so that many distinct queries cannot grow it. */
export const TOTALS_MAX_ENTRIES = 1_000

interface Entry {
  total: Promise<number>
  expires: number
  /** The filter reads stock: a stock change alone can change its total. */
  readsStock: boolean
}

export interface TotalsCacheOptions {
  now?: () => number
  /** How long a total counted now may be kept. */
  lifetime?: () => number
}

/** Totals by filter key: the repository makes the key (equal keys, equal counts) and does the counting. */
export function createTotalsCache({
  now = Date.now,
  lifetime = () => TOTALS_TTL_MS,
}: TotalsCacheOptions = {}) {
  const entries = new Map<string, Entry>()

  return {
    get(key: string, count: () => Promise<number>, readsStock = false): Promise<number> {
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
      const entry = { total, expires: now() + lifetime(), readsStock }
      entries.set(key, entry)
      // A failed count must not be served to the next request (nor drop a newer entry for its key).
      total.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      return total
    },
    /** Drops the totals of filters on stock (a count in progress is then not kept either). */
    dropStockTotals() {
      for (const [key, entry] of entries) if (entry.readsStock) entries.delete(key)
    },
    clear() {
      entries.clear()
    },
  }
}
