import { asc, count, desc, eq, sql, type Column, type SQL } from 'drizzle-orm'
import type { Sort } from '@larder/shared'
import type { Database } from '../../db/client'
import { categories, products, shops } from '../../db/schema'
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
  where: SQL | undefined
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

export function createCatalogRepository(db: Database) {
  const selectProducts = () =>
    db
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(shops, eq(shops.userId, products.vendorId))

  const countProducts = async (where: SQL | undefined): Promise<number> => {
    // Without a filter the joins cannot change the count (category_id is a NOT NULL foreign key and the
    // shops join is a LEFT JOIN on its primary key), and the hash join was most of the 317 ms it took.
    const query =
      where === undefined
        ? db.select({ total: count() }).from(products)
        : db
            .select({ total: count() })
            .from(products)
            .innerJoin(categories, eq(categories.id, products.categoryId))
            .leftJoin(shops, eq(shops.userId, products.vendorId))
            .where(where)
    const totals = await query
    return totals[0]?.total ?? 0
  }
  const totals = createTotalsCache(countProducts)

  return {
    async findPage({ where, page, size, sort }: ProductPageRequest) {
      const [rows, total] = await Promise.all([
        selectProducts()
          .where(where)
          .orderBy(...orderBy(sort))
          .limit(size)
          .offset(page * size),
        totals.get(where),
      ])
      return { rows, total }
    },

    async findById(id: number) {
      const rows = await selectProducts().where(eq(products.id, id)).limit(1)
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
  }
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>
export type ProductRow = NonNullable<Awaited<ReturnType<CatalogRepository['findById']>>>
