import { and, isNull, sql, type SQL } from 'drizzle-orm'
import { products } from './schema'

/**
 * True for a product whose shop is not suspended (the operator's Suspend). A subquery rather than the shops
 * join, so that reads joining nothing apply it too; suspended shops are few, so it is one small hashed
 * lookup.
 */
export const shopOpen = sql<boolean>`${products.vendorId} not in (select s.user_id from shops s where s.suspended_at is not null)`

/**
 * True for a product the storefront offers: not archived by its shop (the back office's Archive) and of a
 * shop that is not suspended. Listings, search, totals and the product page show only these
 * (catalog.repository.ts), and no new order line or checkout takes any other (orders.repository.ts).
 */
export const onSale = and(isNull(products.archivedAt), shopOpen) as SQL<boolean>
