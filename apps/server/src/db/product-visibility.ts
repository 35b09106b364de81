import { and, isNull, sql, type SQL } from 'drizzle-orm'
import { categories, products } from './schema'

/**
 * The ids of the category nodes the operator hid, with everything below them: a node whose own, parent's
 * or grandparent's `hidden` is set (the tree has three levels). Hidden nodes are few and the tree is small,
 * so PostgreSQL reads it once per statement into a hashed lookup.
 */
const hiddenCategoryIds = sql`(select c.id from categories c
  left join categories p on p.id = c.parent_id
  left join categories g on g.id = p.parent_id
  where c.hidden or p.hidden or g.hidden)`

/**
 * True for a category node the storefront shows: neither it nor a node above it hidden by the operator.
 * The storefront's tree (catalog.repository.ts `categoryNodes`), the search's zero-result help and the
 * sitemap's category links use it, and `onSale` holds the products of other nodes back.
 */
export const categoryShown = sql<boolean>`${categories.id} not in ${hiddenCategoryIds}`

/**
 * True for a product whose shop is not suspended (the operator's Suspend). A subquery rather than the shops
 * join, so that reads joining nothing apply it too; suspended shops are few, so it is one small hashed
 * lookup.
 */
export const shopOpen = sql<boolean>`${products.vendorId} not in (select s.user_id from shops s where s.suspended_at is not null)`

/**
 * True for a product filed under a category node the storefront shows (`categoryShown`). A subquery on
 * the product's own `category_id`, like `shopOpen`, so that reads which do not join the categories apply it.
 */
export const categoryOpen = sql<boolean>`${products.categoryId} not in ${hiddenCategoryIds}`

/**
 * True for a product the storefront offers: not archived by its shop (the back office's Archive), of a
 * shop that is not suspended, and in a category the operator has not hidden (nor one above it). Listings,
 * search and its suggestions and help, totals, the product page and the sitemap show only these
 * (catalog.repository.ts, sitemap.repository.ts), and no new order line or checkout takes any other
 * (orders.repository.ts). Unhiding, restoring or unarchiving brings a product back as it was.
 */
export const onSale = and(isNull(products.archivedAt), shopOpen, categoryOpen) as SQL<boolean>
