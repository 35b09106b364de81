import { count, inArray, sql } from 'drizzle-orm'
import type { Database } from '../client'
import { categories, products, shops, users } from '../schema'
import { DEFAULT_PRODUCT_COUNT, generateCategories, generateProduct, generateVendors } from './generate'

/** Rows per INSERT: 1000 products × 13 columns stays far below PostgreSQL's 65 535 parameters. */
const BATCH_SIZE = 1000
/** Any fixed number: it names the lock that keeps two starting servers from seeding at once. */
const SEED_LOCK = 4_271_866

import { announceCatalogChange } from '../../lib/catalog-changes'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export interface SeedOptions {
  products?: number
  /** Replace an existing catalogue instead of refusing to seed over it. */
  reset?: boolean
  onProgress?: (done: number, total: number) => void
}

export interface SeedSummary {
  vendors: number
  categories: number
  products: number
  free: number
  discounted: number
  rated: number
  outOfStock: number
}

export class CatalogueNotEmptyError extends Error {
  constructor(readonly products: number) {
    super(`The database already has ${products} products; reset the catalogue to seed it again.`)
  }
}

export async function countProducts(db: Database | Transaction): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products)
  return row?.total ?? 0
}

/**
 * Empties the catalogue and restarts its ids, so a reseeded catalogue numbers its products from 1 again.
 * CASCADE also empties tables whose rows point at products (order lines): they would dangle otherwise.
 */
async function wipeCatalogue(tx: Transaction, vendorIds: string[]) {
  await tx.execute(sql`truncate table ${products}, ${categories}, ${shops} restart identity cascade`)
  await tx.delete(users).where(inArray(users.id, vendorIds))
}

async function insertCategories(tx: Transaction): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  const nodes = generateCategories()
  // One INSERT per level: each level needs its parents' generated ids.
  for (const level of [1, 2, 3] as const) {
    const rows = nodes.filter((node) => node.level === level)
    if (rows.length === 0) continue
    const inserted = await tx
      .insert(categories)
      .values(
        rows.map(({ parentKey, name, position, l1, l2, l3 }) => ({
          parentId: parentKey === null ? null : (ids.get(parentKey) ?? null),
          name,
          level,
          position,
          l1,
          l2,
          l3,
        })),
      )
      .returning({ id: categories.id })
    inserted.forEach(({ id }, index) => ids.set(rows[index]?.key ?? '', id))
  }
  return ids
}

async function insertCatalogue(tx: Transaction, total: number, onProgress: SeedOptions['onProgress']) {
  const vendors = generateVendors()
  // Vendor rows may outlive a catalogue wiped by hand; the demo's own rows are the same anyway.
  await tx
    .insert(users)
    .values(vendors.map((vendor) => vendor.user))
    .onConflictDoNothing()
  await tx
    .insert(shops)
    .values(vendors.map((vendor) => vendor.shop))
    .onConflictDoNothing()
  // Categories without products are the remains of a partial wipe: the tree is rebuilt whole.
  await tx.delete(categories)
  const categoryIds = await insertCategories(tx)

  const summary: SeedSummary = {
    vendors: vendors.length,
    categories: categoryIds.size,
    products: total,
    free: 0,
    discounted: 0,
    rated: 0,
    outOfStock: 0,
  }
  onProgress?.(0, total)
  for (let start = 0; start < total; start += BATCH_SIZE) {
    const batch = []
    for (let index = start; index < Math.min(start + BATCH_SIZE, total); index++) {
      const { categoryKey, ...product } = generateProduct(index)
      const categoryId = categoryIds.get(categoryKey)
      if (categoryId === undefined) throw new Error(`No category ${categoryKey}`)
      batch.push({ ...product, categoryId })
      if (product.isFree) summary.free++
      if (product.discountPricePence !== null) summary.discounted++
      if (product.status === 'RATED') summary.rated++
      if (product.qty === 0) summary.outOfStock++
    }
    await tx.insert(products).values(batch)
    onProgress?.(start + batch.length, total)
  }
  return summary
}

/**
 * Seeds in one transaction under an advisory lock, so a half-seeded catalogue is never visible and
 * several processes starting together against one database seed it once.
 */
function seedLocked(
  db: Database,
  { products: total = DEFAULT_PRODUCT_COUNT, reset = false, onProgress }: SeedOptions,
): Promise<SeedSummary | { existing: number }> {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`Cannot seed ${total} products`)
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    if (reset) {
      await wipeCatalogue(
        tx,
        generateVendors().map((vendor) => vendor.user.id),
      )
    } else {
      const existing = await countProducts(tx)
      if (existing > 0) return { existing }
    }
    // Every running server drops what it kept of the old catalogue once this commits.
    await announceCatalogChange(tx, { everything: true })
    return insertCatalogue(tx, total, onProgress)
  })
}

/** The demo catalogue, written only into a database that has no products; true when it seeded. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const result = await seedLocked(db, {})
  if ('existing' in result) return false
  await db.execute(sql`analyze products`)
  return true
}

/**
 * A catalogue of any size (the benchmarks use 100 000 products). Throws CatalogueNotEmptyError when
 * products exist, unless `reset` asks to replace them.
 */
export async function seedCatalogue(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const result = await seedLocked(db, options)
  if ('existing' in result) throw new CatalogueNotEmptyError(result.existing)
  // Fresh statistics, or the planner keeps the empty-table estimates and picks sorts over the indexes.
  await db.execute(sql`analyze products`)
  return result
}
