import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { VendorProductSort } from '@larder/shared'
import type { Database } from '../../db/client'
import { categories, products } from '../../db/schema'
import { announceCatalogChange } from '../../lib/catalog-changes'

/** What the back office reads and writes of a product: never another shop's (every query names the shop). */
export const vendorProductColumns = {
  id: products.id,
  vendorId: products.vendorId,
  productName: products.productName,
  productDescription: products.productDescription,
  productIngredients: products.productIngredients,
  productAllergens: products.productAllergens,
  salePricePence: products.salePricePence,
  discountPricePence: products.discountPricePence,
  qty: products.qty,
  isFree: products.isFree,
  categoryId: products.categoryId,
  status: products.status,
  images: products.images,
  archivedAt: products.archivedAt,
  dateCreated: products.dateCreated,
  categoryPath: sql<string>`concat_ws(' > ', ${categories.l1}, ${categories.l2}, ${categories.l3})`,
}

export interface VendorProductFilter {
  search?: string | undefined
  categoryId?: number | undefined
  inStock?: boolean | undefined
  free?: boolean | undefined
  discounted?: boolean | undefined
  archived: 'true' | 'false' | 'all'
  sort: VendorProductSort
  direction: 'asc' | 'desc'
  page: number
  size: number
}

/** The editable columns, in pence, as the service writes them. */
export interface ProductWrite {
  productName: string
  productDescription: string
  productIngredients: string
  productAllergens: string
  salePricePence: number | null
  discountPricePence: number | null
  qty: number
  isFree: boolean
  categoryId: number
  status: 'ACTIVE' | 'RATED'
}

const sortColumns = {
  dateCreated: products.dateCreated,
  productName: products.productName,
  salePrice: products.salePricePence,
  qty: products.qty,
} as const

/** `%` and `_` typed into the search box are searched for, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function createVendorProductsRepository(db: Database) {
  const selectOne = (tx: Database) =>
    tx
      .select(vendorProductColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))

  /** The category node's subtree, by its path: a node's products and those of every node below it. */
  const inCategory = async (categoryId: number): Promise<SQL | undefined> => {
    const [node] = await db
      .select({ l1: categories.l1, l2: categories.l2, l3: categories.l3 })
      .from(categories)
      .where(eq(categories.id, categoryId))
    if (!node) return sql`false`
    return and(
      eq(categories.l1, node.l1),
      node.l2 === null ? undefined : eq(categories.l2, node.l2),
      node.l3 === null ? undefined : eq(categories.l3, node.l3),
    )
  }

  return {
    async list(shopId: string, filter: VendorProductFilter) {
      const conditions: (SQL | undefined)[] = [
        eq(products.vendorId, shopId),
        filter.archived === 'all'
          ? undefined
          : filter.archived === 'true'
            ? isNotNull(products.archivedAt)
            : isNull(products.archivedAt),
        filter.search ? sql`${products.productName} ilike ${likePattern(filter.search)}` : undefined,
        filter.categoryId === undefined ? undefined : await inCategory(filter.categoryId),
        filter.inStock === undefined
          ? undefined
          : filter.inStock
            ? gt(products.qty, 0)
            : lte(products.qty, 0),
        filter.free === undefined ? undefined : eq(products.isFree, filter.free),
        filter.discounted === undefined
          ? undefined
          : filter.discounted
            ? and(
                isNotNull(products.discountPricePence),
                lt(products.discountPricePence, products.salePricePence),
              )
            : sql`not (${products.discountPricePence} is not null and ${products.discountPricePence} < coalesce(${products.salePricePence}, 0))`,
      ]
      const where = and(...conditions)
      const column = sortColumns[filter.sort]
      const order = filter.direction === 'asc' ? asc(column) : desc(column)
      const [rows, totals] = await Promise.all([
        selectOne(db)
          .where(where)
          .orderBy(order, desc(products.id))
          .limit(filter.size)
          .offset(filter.page * filter.size),
        db
          .select({ total: count() })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(where),
      ])
      return { rows, total: totals[0]?.total ?? 0 }
    },

    /** The shop's product, locked for the change when `tx` is a transaction's; undefined for another shop's. */
    async findForShop(shopId: string, id: number, options: { tx?: Database; lock?: boolean } = {}) {
      const lock = options.lock ?? false
      const query = selectOne(options.tx ?? db).where(and(eq(products.id, id), eq(products.vendorId, shopId)))
      const [row] = lock ? await query.for('update', { of: products }) : await query
      return row
    },

    async categoryExists(tx: Database, categoryId: number) {
      const [row] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, categoryId))
      return row !== undefined
    },

    async insert(tx: Database, shopId: string, values: ProductWrite, now: Date) {
      const [row] = await tx
        .insert(products)
        .values({ ...values, vendorId: shopId, dateCreated: now })
        .returning({ id: products.id })
      if (!row) throw new Error('product insert returned no row')
      // A new product joins listings: every process drops them once tx commits (lib/catalog-changes.ts).
      await announceCatalogChange(tx, { products: [row.id], listings: true })
      return row.id
    },

    /** Changes only the shop's own product: the shop is part of the WHERE, not just of the check before. */
    async update(
      tx: Database,
      shopId: string,
      id: number,
      values: Partial<ProductWrite> & { archivedAt?: Date | null },
    ) {
      await tx
        .update(products)
        .set(values)
        .where(and(eq(products.id, id), eq(products.vendorId, shopId)))
      // Any field may be one listings filter or sort on (or the archive, which takes it off them): the
      // product's replies and pages and every listing go, in every process, once tx commits.
      await announceCatalogChange(tx, { products: [id], listings: true })
    },

    /** Every node of the category tree with its path, in the storefront's order. */
    categories() {
      return db
        .select({
          id: categories.id,
          level: categories.level,
          path: sql<string>`concat_ws(' > ', ${categories.l1}, ${categories.l2}, ${categories.l3})`,
        })
        .from(categories)
        .where(sql`btrim(${categories.name}) <> ''`)
        .orderBy(
          asc(categories.l1),
          sql`${categories.l2} asc nulls first`,
          sql`${categories.l3} asc nulls first`,
        )
    },
  }
}

export type VendorProductsRepository = ReturnType<typeof createVendorProductsRepository>
export type VendorProductRow = NonNullable<Awaited<ReturnType<VendorProductsRepository['findForShop']>>>
