import {
  formatAllergens,
  parseAllergens,
  penceToPounds,
  poundsToPence,
  productMessages,
  type ProductEdit,
  type VendorProduct,
} from '@larder/shared'
import type { Database } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { InvalidInputError, NotFoundError } from '../../lib/domain-errors'
import type { AuditLog } from './audit-log'
import type { ShopMember } from './backoffice-scopes'
import type {
  ProductWrite,
  VendorProductFilter,
  VendorProductRow,
  VendorProductsRepository,
} from './vendor-products.repository'

export const toVendorProduct = (row: VendorProductRow): VendorProduct => ({
  id: row.id,
  productName: row.productName,
  productDescription: row.productDescription,
  productIngredients: row.productIngredients,
  productAllergens: row.productAllergens,
  allergens: parseAllergens(row.productAllergens).entries,
  salePrice: row.salePricePence === null ? null : penceToPounds(row.salePricePence),
  discountPrice: row.discountPricePence === null ? null : penceToPounds(row.discountPricePence),
  qty: row.qty,
  isFree: row.isFree,
  categoryId: row.categoryId,
  categoryPath: row.categoryPath,
  status: row.status,
  images: row.images,
  archived: row.archivedAt !== null,
  dateCreated: row.dateCreated.toISOString(),
})

/**
 * The form's values as columns. Pounds become pence here, on the server. The allergen text is rebuilt from
 * the ticked boxes, except that names outside the fourteen which the text already had are kept after them,
 * so saving a product never drops what its label said.
 */
function toColumns(input: ProductEdit, previousAllergens = ''): ProductWrite {
  const kept = parseAllergens(previousAllergens).unknown
  const allergens = [formatAllergens(input.allergens), ...kept].filter(Boolean).join(', ')
  return {
    productName: input.productName,
    productDescription: input.productDescription,
    productIngredients: input.productIngredients,
    productAllergens: allergens,
    salePricePence: input.salePrice === null ? null : poundsToPence(input.salePrice),
    discountPricePence: input.discountPrice === null ? null : poundsToPence(input.discountPrice),
    qty: input.qty,
    isFree: input.isFree,
    categoryId: input.categoryId,
    status: input.status,
  }
}

/** What the audit log keeps of a product: its editable fields and whether it is archived. */
const record = (row: VendorProductRow) => ({
  productName: row.productName,
  productDescription: row.productDescription,
  productIngredients: row.productIngredients,
  productAllergens: row.productAllergens,
  salePricePence: row.salePricePence,
  discountPricePence: row.discountPricePence,
  qty: row.qty,
  isFree: row.isFree,
  categoryId: row.categoryId,
  status: row.status,
  archivedAt: row.archivedAt,
})

export interface VendorProductsDeps {
  repository: VendorProductsRepository
  audit: AuditLog
  clock: Clock
  /**
   * Called after every committed change. The repository's writes announce the change in their transaction
   * (lib/catalog-changes.ts), which drops the kept replies in every process; this empties this process's
   * listing totals (modules/catalog/totals-cache.ts) at once as well.
   */
  afterChange: () => void
}

/**
 * The shop's products. Every call takes the member (`ShopMember`, from the session) and reads or changes
 * that shop's products only; another shop's product is "not found". Order lines keep the name and price
 * they were bought at (order_products), so nothing here changes an order.
 */
export function createVendorProductsService(deps: VendorProductsDeps) {
  const { repository, audit } = deps

  const mustFind = async (tx: Database, member: ShopMember, id: number, lock = false) => {
    const row = await repository.findForShop(member.shopId, id, { tx, lock })
    if (!row) throw new NotFoundError(productMessages.notFound)
    return row
  }
  const checkCategory = async (tx: Database, categoryId: number) => {
    if (!(await repository.categoryExists(tx, categoryId)))
      throw new InvalidInputError(productMessages.categoryUnknown)
  }

  /** One audited change of one product: lock it, change it, read it back, record before and after. */
  async function changeProduct(
    member: ShopMember,
    id: number,
    action: string,
    change: (tx: Database, before: VendorProductRow) => Promise<void>,
  ): Promise<VendorProduct> {
    const product = await audit.change(
      member,
      { action, entityType: 'product', shopId: member.shopId },
      async (tx) => {
        const before = await mustFind(tx, member, id, true)
        await change(tx, before)
        const after = await mustFind(tx, member, id)
        return {
          result: after,
          record: { entityId: String(id), before: record(before), after: record(after) },
        }
      },
    )
    deps.afterChange()
    return toVendorProduct(product)
  }

  return {
    async list(member: ShopMember, filter: VendorProductFilter) {
      const { rows, total } = await repository.list(member.shopId, filter)
      return { products: rows.map(toVendorProduct), total }
    },

    async get(member: ShopMember, id: number): Promise<VendorProduct> {
      const row = await repository.findForShop(member.shopId, id)
      if (!row) throw new NotFoundError(productMessages.notFound)
      return toVendorProduct(row)
    },

    async create(member: ShopMember, input: ProductEdit): Promise<VendorProduct> {
      const product = await audit.change(
        member,
        { action: 'product.create', entityType: 'product', shopId: member.shopId },
        async (tx) => {
          await checkCategory(tx, input.categoryId)
          const id = await repository.insert(tx, member.shopId, toColumns(input), deps.clock())
          const after = await mustFind(tx, member, id)
          return { result: after, record: { entityId: String(id), before: null, after: record(after) } }
        },
      )
      deps.afterChange()
      return toVendorProduct(product)
    },

    update: (member: ShopMember, id: number, input: ProductEdit) =>
      changeProduct(member, id, 'product.update', async (tx, before) => {
        if (input.categoryId !== before.categoryId) await checkCategory(tx, input.categoryId)
        await repository.update(tx, member.shopId, id, toColumns(input, before.productAllergens))
      }),

    setStock: (member: ShopMember, id: number, qty: number) =>
      changeProduct(member, id, 'product.stock', (tx) => repository.update(tx, member.shopId, id, { qty })),

    archive: (member: ShopMember, id: number) =>
      changeProduct(member, id, 'product.archive', async (tx, before) => {
        if (before.archivedAt === null)
          await repository.update(tx, member.shopId, id, { archivedAt: deps.clock() })
      }),

    restore: (member: ShopMember, id: number) =>
      changeProduct(member, id, 'product.restore', (tx) =>
        repository.update(tx, member.shopId, id, { archivedAt: null }),
      ),

    categories: () => repository.categories(),
  }
}

export type VendorProductsService = ReturnType<typeof createVendorProductsService>
