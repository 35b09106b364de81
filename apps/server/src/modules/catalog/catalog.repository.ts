import { createHash } from 'node:crypto'
import { and, asc, count, desc, eq, isNull, sql, type Column, type SQL } from 'drizzle-orm'
import type { Sort } from '@larder/shared'
import type { Database } from '../../db/client'
import { categories, products, shops } from '../../db/schema'
import { catalogTags, type CatalogChangeFeed } from '../../lib/catalog-changes'
import { compileSearch, type SearchFilter } from './search/search-compiler'
import type { SearchQuery } from './search/search-query'
import { createTotalsCache } from './totals-cache'

export const productColumns = {
  id: products.id,
  productName: products.productName,
  productDescription: products.productDescription,
  productIngredients: products.productIngredients,
  productAllergens: products.productAllergens,
  images: products.images,
  salePricePence: products.salePricePence,
  discountPricePence: products.discountPricePence,
  qty: products.qty,
  isFree: products.isFree,
  status: products.status,
  categoryL1: categories.l1,
  categoryL2: categories.l2,
  categoryL3: categories.l3,
  vendorID: products.vendorId,
  vendorCity: sql<string>`coalesce(${shops.city}, '')`,
  vendorCompanyName: sql<string>`coalesce(${shops.companyName}, '')`,
  dateCreated: products.dateCreated,
  stripeProductId: products.stripeProductId,
  stripePriceIds: products.stripePriceIds,
}

const sortColumns = {
  dateCreated: products.dateCreated,
  salePrice: products.salePricePence,
  productName: products.productName,
  id: products.id,
} as const

export interface ProductPageRequest {
  /** Undefined: every product. */
  search: SearchQuery | undefined
  page: number
  size: number
  sort: Sort[]
}

/**
 * The indexes are `DESC NULLS LAST` (drizzle-kit's form of `.desc()`) while plain `DESC` means NULLS FIRST,
 * and PostgreSQL does not use a NOT NULL constraint to reconcile the two: with `ORDER BY date_created DESC`
 * it sorted all 100 000 rows for every page. For NOT NULL columns the NULLS clause changes nothing but the
 * plan, so it is spelled to match the indexes (forwards for DESC, backwards for ASC). sale_price_pence is
 * nullable and unindexed, so it keeps the default placement of NULLs.
 */
function direction(column: Column, dir: 'asc' | 'desc', nullable: boolean): SQL {
  if (nullable) return dir === 'asc' ? asc(column) : desc(column)
  return dir === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`
}

/** Newest first by default; id breaks ties so pages never overlap or skip. */
function orderBy(sort: Sort[]): SQL[] {
  const requested = sort.length > 0 ? sort : [{ field: 'dateCreated', direction: 'desc' } as const]
  const order = requested.map(({ field, direction: dir }) =>
    direction(sortColumns[field], dir, field === 'salePrice'),
  )
  if (!requested.some((s) => s.field === 'id')) order.push(direction(products.id, 'desc', false))
  return order
}

/**
 * Pages are read through prepared statements, one per filter shape (SearchFilter.key), order and page size:
 * PostgreSQL then parses each once per connection and, once it has seen that a generic plan is no dearer
 * than planning for the values (after five runs), stops planning it too. Parsing and planning were about two
 * thirds of the database's time for a first page. Filters are user input, so the number of shapes is
 * unbounded, and a prepared statement lives on its pooled connection until that closes (pg cannot drop one):
 * beyond this many statements, pages run unprepared, exactly as before. The shop's own pages use a handful.
 */
export const MAX_PREPARED_PAGES = 100

/** A statement's name follows from its text, so two repositories on one pool can never disagree on one. */
const statementName = (text: string) =>
  `catalog_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`

/**
 * The page size goes into the statement as a literal. With `LIMIT $1` PostgreSQL costs a generic plan as if a
 * tenth of all matching rows were wanted, finds it dearer than planning for the actual limit, and so plans
 * the statement again on every run. drizzle types limit() as a number or placeholder, but compiles any SQL
 * object it is given in its place.
 */
function literalLimit(size: number): number {
  // Raw SQL, so nothing but a whole number may reach it (the routes already allow only 1–100).
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`invalid page size ${size}`)
  return sql.raw(String(size)) as unknown as number
}

/** The storefront shows only products their shop has not archived (the back office's Archive). */
const onSale = isNull(products.archivedAt)

export function createCatalogRepository(db: Database, changes?: CatalogChangeFeed) {
  const selectProducts = () =>
    db
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(shops, eq(shops.userId, products.vendorId))

  const prepare = <T extends { toSQL(): { sql: string }; prepare(name: string): unknown }>(query: T) =>
    query.prepare(statementName(query.toSQL().sql)) as ReturnType<T['prepare']>

  // No LIMIT: the primary key already means at most one row, and a LIMIT parameter would cost a plan per call.
  const byId = prepare(selectProducts().where(and(eq(products.id, sql.placeholder('id')), onSale)))

  /** Later pages keep OFFSET a parameter, so they share a statement (planned per call) instead of one each. */
  const pageQuery = (where: SQL | undefined, sort: Sort[], size: number, later: boolean) => {
    const query = selectProducts()
      .where(and(onSale, where))
      .orderBy(...orderBy(sort))
      .limit(literalLimit(size))
    return later ? query.offset(sql.placeholder('offset')) : query
  }
  type PageStatement = ReturnType<ReturnType<typeof pageQuery>['prepare']>
  const pageStatements = new Map<string, PageStatement>()

  /** The prepared statement for this filter shape, order and page size, or undefined to run unprepared. */
  const pageStatement = (filter: SearchFilter | undefined, sort: Sort[], size: number, later: boolean) => {
    const order = sort.map((s) => `${s.field} ${s.direction}`).join(',')
    const key = `${order} ${size} ${later}\n${filter?.key ?? ''}`
    let statement = pageStatements.get(key)
    if (statement === undefined) {
      if (pageStatements.size >= MAX_PREPARED_PAGES) return undefined
      statement = prepare(pageQuery(filter?.where, sort, size, later))
      pageStatements.set(key, statement)
    }
    return statement
  }

  const countProducts = async (filter: SearchFilter | undefined): Promise<number> => {
    // Without a filter the joins cannot change the count (category_id is a NOT NULL foreign key and the
    // shops join is a LEFT JOIN on its primary key), and the hash join was most of the 317 ms it took.
    const totals =
      filter === undefined
        ? await db.select({ total: count() }).from(products).where(onSale)
        : await db
            .select({ total: count() })
            .from(products)
            .innerJoin(categories, eq(categories.id, products.categoryId))
            .leftJoin(shops, eq(shops.userId, products.vendorId))
            .where(and(onSale, filter.where))
            .execute(filter.values)
    return totals[0]?.total ?? 0
  }
  const totals = createTotalsCache()
  // A product added or removed changes totals: what the listings' change drops, the totals drop too.
  changes?.subscribe((invalidation) => {
    if (invalidation === 'all' || invalidation.includes(catalogTags.listings)) totals.clear()
  })

  return {
    async findPage({ search, page, size, sort }: ProductPageRequest) {
      const filter = search === undefined ? undefined : compileSearch(search)
      const later = page > 0
      const values = { ...filter?.values, offset: page * size }
      const statement = pageStatement(filter, sort, size, later)
      // The same filter always gives the same key: its SQL text and its values (an empty key: no filter).
      const totalKey = filter === undefined ? '' : JSON.stringify([filter.key, filter.values])
      const [rows, total] = await Promise.all([
        statement ? statement.execute(values) : pageQuery(filter?.where, sort, size, later).execute(values),
        totals.get(totalKey, () => countProducts(filter)),
      ])
      return { rows, total }
    },

    /** The back office changed the catalogue: listing totals are counted afresh (totals-cache.ts). */
    clearTotals() {
      totals.clear()
    },

    async findById(id: number) {
      const rows = await byId.execute({ id })
      return rows[0]
    },

    /** Every named category node, parents before children, in display order. */
    categoryNodes() {
      return db
        .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
        .from(categories)
        .where(sql`btrim(${categories.name}) <> ''`)
        .orderBy(asc(categories.level), asc(categories.position), asc(categories.name))
    },

    /** The categories that hold at least one free product (the free mall's choices). */
    async freeCategoryIds(): Promise<Set<number>> {
      const rows = await db
        .selectDistinct({ id: products.categoryId })
        .from(products)
        .where(and(eq(products.isFree, true), onSale))
      return new Set(rows.map((row) => row.id))
    },
  }
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>
export type ProductRow = NonNullable<Awaited<ReturnType<CatalogRepository['findById']>>>
