import { and, asc, count, eq, gt, isNull, max, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { categoryShown, onSale } from '../../db/product-visibility'
import { categories, products, shops, users } from '../../db/schema'

/** One address of a sitemap: its path on this site and when what it shows last changed. */
export interface SitemapEntry {
  path: string
  lastmod: Date
}

// Rows read from the database at a time: a sitemap of 50 000 products is read in ten queries, and never
// held whole in memory.
const BATCH = 5000

const segment = (value: string) => encodeURIComponent(value)

/**
 * The rows behind the sitemaps (modules/sitemap/sitemap.routes.ts): products, categories and shops in a
 * fixed order, read in batches by key (`id > last`), so that a catalogue of a million products streams
 * through a few thousand rows at a time.
 */
export function createSitemapRepository(db: Database, batchSize = BATCH) {
  return {
    async countProducts(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(products).where(onSale)
      return row?.n ?? 0
    },

    /** The latest change to the catalogue: the listings' lastmod. */
    async newestProduct(): Promise<Date | undefined> {
      const [row] = await db.select({ newest: max(products.dateCreated) }).from(products)
      return row?.newest ?? undefined
    },

    /** Products `from` to `from + limit - 1` in the order of their ids, as sitemap entries, in batches. */
    async *products(from: number, limit: number): AsyncGenerator<SitemapEntry[]> {
      let last: number | undefined
      let left = limit
      while (left > 0) {
        const size = Math.min(batchSize, left)
        const rows = await db
          .select({ id: products.id, lastmod: products.dateCreated })
          .from(products)
          .where(last === undefined ? onSale : and(onSale, gt(products.id, last)))
          .orderBy(asc(products.id))
          .limit(size)
          // Only the first batch skips rows; the next start after the last id read.
          .offset(last === undefined ? from : 0)
        if (rows.length === 0) return
        yield rows.map((row) => ({ path: `/product-detail/${row.id}`, lastmod: row.lastmod }))
        last = rows[rows.length - 1]?.id
        left -= rows.length
        if (rows.length < size) return
      }
    },

    /**
     * Every category the storefront's tree shows, at each level, with the date of the newest product under
     * it (or of the newest product at all, for an empty one).
     */
    async categories(): Promise<SitemapEntry[]> {
      const newest = await this.newestProduct()
      const rows = await db
        .select({
          l1: categories.l1,
          l2: categories.l2,
          l3: categories.l3,
          lastmod: sql<Date | null>`(
            select max(p.date_created) from ${products} p
            join ${categories} c on c.id = p.category_id
            where lower(c.l1) = lower(${categories.l1})
              and (${categories.l2} is null or lower(c.l2) = lower(${categories.l2}))
              and (${categories.l3} is null or lower(c.l3) = lower(${categories.l3}))
          )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
        })
        .from(categories)
        // The storefront's tree: named nodes that the operator has not hidden, nor any node above them.
        .where(and(sql`trim(${categories.name}) <> ''`, categoryShown))
        .orderBy(asc(categories.l1), asc(categories.l2), asc(categories.l3))
      return rows.map((row) => ({
        path: `/products/${[row.l1, row.l2, row.l3]
          .filter((level): level is string => level !== null)
          .map(segment)
          .join('/')}`,
        lastmod: row.lastmod ?? newest ?? new Date(0),
      }))
    },

    /**
     * Every open shop's listing (`/products/{shop id}`), dated by its newest product or else its opening; a
     * suspended shop's listing offers nothing (product-visibility.ts), so it is left out.
     */
    async shops(): Promise<SitemapEntry[]> {
      const rows = await db
        .select({
          id: shops.userId,
          opened: users.createdAt,
          newest: max(products.dateCreated),
        })
        .from(shops)
        .innerJoin(users, eq(users.id, shops.userId))
        .leftJoin(products, and(eq(products.vendorId, shops.userId)))
        .where(isNull(shops.suspendedAt))
        .groupBy(shops.userId, users.createdAt)
        .orderBy(asc(shops.userId))
      return rows.map((row) => ({
        path: `/products/${segment(row.id)}`,
        lastmod: row.newest ?? row.opened,
      }))
    },
  }
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>
