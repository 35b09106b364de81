import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import {
  CATEGORY_PATH_SEPARATOR,
  formatAllergens,
  penceToPounds,
  poundsToPence,
  type ProductEdit,
} from '@larder/shared'
import type { Database } from '../../db/client'
import { categories, products } from '../../db/schema'
import type { ChangeRecord } from './audit-log'
import { categoryKey, type CsvProduct, type ImportContext, type ImportRow } from './product-csv'
import { announceCatalogChange } from '../../lib/catalog-changes'

const editColumns = {
  id: products.id,
  productName: products.productName,
  productDescription: products.productDescription,
  productIngredients: products.productIngredients,
  productAllergens: products.productAllergens,
  salePricePence: products.salePricePence,
  discountPricePence: products.discountPricePence,
  qty: products.qty,
  isFree: products.isFree,
  status: products.status,
  categoryId: products.categoryId,
}

interface EditRow {
  id: number
  productName: string
  productDescription: string
  productIngredients: string
  productAllergens: string
  salePricePence: number | null
  discountPricePence: number | null
  qty: number
  isFree: boolean
  status: ProductEdit['status']
  categoryId: number
}

const toEdit = (row: Omit<EditRow, 'id'>) => ({
  productName: row.productName,
  productDescription: row.productDescription,
  productIngredients: row.productIngredients,
  productAllergens: row.productAllergens,
  salePrice: row.salePricePence === null ? null : penceToPounds(row.salePricePence),
  discountPrice: row.discountPricePence === null ? null : penceToPounds(row.discountPricePence),
  qty: row.qty,
  isFree: row.isFree,
  status: row.status,
  categoryId: row.categoryId,
})

const toColumns = (product: ProductEdit) => ({
  productName: product.productName,
  productDescription: product.productDescription,
  productIngredients: product.productIngredients,
  productAllergens: formatAllergens(product.allergens),
  salePricePence: product.salePrice === null ? null : poundsToPence(product.salePrice),
  discountPricePence: product.discountPrice === null ? null : poundsToPence(product.discountPrice),
  qty: product.qty,
  isFree: product.isFree,
  status: product.status,
  categoryId: product.categoryId,
})

const pathOf = (row: { l1: string; l2: string | null; l3: string | null }) =>
  [row.l1, row.l2, row.l3].filter((part) => part !== null).join(CATEGORY_PATH_SEPARATOR)

/** The shop's products as the CSV import and export read and write them. */
export function createProductImportRepository(db: Database) {
  const shopProducts = (shopId: string) => and(eq(products.vendorId, shopId), isNull(products.archivedAt))

  return {
    /** The shop's products on the storefront (archived ones are not), oldest first. */
    async exportRows(shopId: string): Promise<CsvProduct[]> {
      const rows = await db
        .select({ ...editColumns, l1: categories.l1, l2: categories.l2, l3: categories.l3 })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(shopProducts(shopId))
        .orderBy(asc(products.id))
      return rows.map((row) => ({ id: row.id, ...toEdit(row), categoryPath: pathOf(row) }))
    },

    async context(shopId: string): Promise<ImportContext> {
      const [tree, own] = await Promise.all([
        db
          .select({ id: categories.id, l1: categories.l1, l2: categories.l2, l3: categories.l3 })
          .from(categories),
        db
          .select({ id: products.id, archived: isNotNull(products.archivedAt) })
          .from(products)
          .where(eq(products.vendorId, shopId)),
      ])
      return {
        categories: new Map(tree.map((row) => [categoryKey(pathOf(row)), row.id])),
        shopProductIds: new Set(own.filter((row) => !row.archived).map((row) => row.id)),
        archivedProductIds: new Set(own.filter((row) => row.archived).map((row) => row.id)),
      }
    },

    /**
     * Creates and updates the rows' products in `tx`, answering one audit record per product. An update
     * names the shop in its WHERE as well, so a row can only ever change the shop's own product.
     *
     * The rows were checked against the shop's products before `tx` took their locks, so a product may
     * have been archived (or have left the shop) in between: such rows come back as `refused`, for the
     * import to report by row. With `partial`, the other rows are still written; without it nothing is,
     * since an import of all rows is all or nothing.
     */
    async apply(
      tx: Database,
      shopId: string,
      rows: ImportRow[],
      options: { partial: boolean },
    ): Promise<{ records: ChangeRecord[]; refused: ImportRow[] }> {
      const records: ChangeRecord[] = []
      const ids = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]))
      const before = new Map<number, EditRow>()
      for (let start = 0; start < ids.length; start += 1000) {
        const slice = ids.slice(start, start + 1000)
        const found = await tx
          .select(editColumns)
          .from(products)
          .where(and(shopProducts(shopId), inArray(products.id, slice)))
          .for('update')
        for (const row of found) before.set(row.id, row)
      }
      const refused = rows.filter((row) => row.id !== undefined && !before.has(row.id))
      if (refused.length > 0 && !options.partial) return { records, refused }
      for (const row of rows) {
        const old = row.id === undefined ? undefined : before.get(row.id)
        if (!old) continue
        const columns = toColumns(row.product)
        await tx
          .update(products)
          .set(columns)
          .where(and(eq(products.id, old.id), eq(products.vendorId, shopId)))
        records.push({
          entityId: String(old.id),
          action: 'product.update',
          before: toEdit(old),
          after: toEdit(columns),
        })
      }
      const creates = rows.filter((row) => row.id === undefined)
      for (let start = 0; start < creates.length; start += 500) {
        const slice = creates.slice(start, start + 500).map((row) => toColumns(row.product))
        const made = await tx
          .insert(products)
          .values(slice.map((columns) => ({ ...columns, vendorId: shopId })))
          .returning({ id: products.id })
        made.forEach(({ id }, index) => {
          const columns = slice[index]
          records.push({
            entityId: String(id),
            action: 'product.create',
            before: null,
            after: columns === undefined ? null : toEdit(columns),
          })
        })
      }
      // New products, and changed names, prices or categories, change what listings hold: every process
      // drops the listings and these products' replies once tx commits.
      if (records.length > 0) {
        await announceCatalogChange(tx, {
          products: records.map((record) => Number(record.entityId)),
          listings: true,
        })
      }
      return { records, refused }
    },
  }
}

export type ProductImportRepository = ReturnType<typeof createProductImportRepository>
