import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Sort } from '@larder/shared'
import type { Database } from '../../db/client'
import { categories, products, shops } from '../../db/schema'

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

/** Newest first by default; id breaks ties so pages never overlap or skip. */
function orderBy(sort: Sort[]): SQL[] {
  const requested = sort.length > 0 ? sort : [{ field: 'dateCreated', direction: 'desc' } as const]
  const order = requested.map(({ field, direction }) =>
    direction === 'asc' ? asc(sortColumns[field]) : desc(sortColumns[field]),
  )
  if (!requested.some((s) => s.field === 'id')) order.push(desc(products.id))
  return order
}

export function createCatalogRepository(db: Database) {
  const selectProducts = () =>
    db
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(shops, eq(shops.userId, products.vendorId))

  const countProducts = () =>
    db
      .select({ total: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(shops, eq(shops.userId, products.vendorId))

  return {
    async findPage({ where, page, size, sort }: ProductPageRequest) {
      const [rows, totals] = await Promise.all([
        selectProducts()
          .where(where)
          .orderBy(...orderBy(sort))
          .limit(size)
          .offset(page * size),
        countProducts().where(where),
      ])
      return { rows, total: totals[0]?.total ?? 0 }
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
