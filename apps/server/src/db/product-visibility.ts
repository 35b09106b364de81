import { sql } from 'drizzle-orm'
import { products } from './schema'

/**
 * True for a product whose shop is not suspended. The storefront shows no product of a suspended shop (the
 * operator's Suspend): not in listings, search, totals or the product page (catalog.repository.ts), and no
 * order or checkout takes it (orders.repository.ts). A subquery rather than the shops join, so that reads
 * joining nothing apply it too; suspended shops are few, so it is one small hashed lookup.
 */
export const shopOpen = sql<boolean>`${products.vendorId} not in (select s.user_id from shops s where s.suspended_at is not null)`
