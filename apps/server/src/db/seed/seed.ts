import { count, inArray, sql } from 'drizzle-orm'
import type { Database } from '../client'
import { categories, products, shops, users } from '../schema'
import { DEFAULT_PRODUCT_COUNT, generateCategories, generateProduct, generateVendors } from './generate'

/** Generated products sent per statement (one JSON parameter each). */
export const BATCH_SIZE = 2000
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

/** A generated product as the load reads it from JSON (json_to_recordset); `n` is its position. */
const LOAD_COLUMNS = sql.raw(`n integer, vendor_id text, category_id integer, product_name text,
  product_description text, product_ingredients text, product_allergens text, images text[],
  sale_price_pence integer, discount_price_pence integer, qty integer, is_free boolean, status text,
  date_created timestamptz`)

type TableDefinition = { name: string; definition: string }
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Seeding is a bulk load, done the way PostgreSQL's "Populating a Database" says: the indexes and foreign
 * keys of `products` are dropped while the rows go in and built again after (one sort or one GIN build
 * each, and one join per foreign key, instead of an index insertion and a key lookup per row), and the two
 * search triggers are off while the seed computes the search columns and the vocabulary itself, once per
 * distinct text: a million generated products have some 20 000 distinct names and a few thousand distinct
 * descriptions, where the row trigger would unaccent and stem every product's whole text again
 * (docs/benchmarks.md). DDL is transactional: a failed seed leaves the table as it was. Returns what
 * `restore` puts back.
 */
async function beginLoad(
  tx: Transaction,
): Promise<{ indexes: TableDefinition[]; foreignKeys: TableDefinition[] }> {
  const indexes = (await tx.execute(sql`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = 'products'
      and indexname not in (select conname from pg_constraint where conrelid = 'products'::regclass)`)) as unknown as {
    rows: TableDefinition[]
  }
  const foreignKeys = (await tx.execute(sql`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'products'::regclass and contype = 'f'`)) as unknown as { rows: TableDefinition[] }
  for (const index of indexes.rows) await tx.execute(sql.raw(`drop index ${quoted(index.name)}`))
  for (const key of foreignKeys.rows)
    await tx.execute(sql.raw(`alter table products drop constraint ${quoted(key.name)}`))
  await tx.execute(
    sql`alter table products disable trigger products_search_vector, disable trigger products_search_words_insert`,
  )
  // Each distinct name's and text's part of the document (and the name's search_name and head), computed
  // once for the whole seed; the shops' and categories' parts, one per shop and category. Temporary: no WAL.
  await tx.execute(sql`create temporary table seed_names
    (product_name text, document tsvector, search_name text, head tsvector) on commit drop`)
  await tx.execute(sql`create temporary table seed_texts
    (product_description text, product_ingredients text, document tsvector) on commit drop`)
  await tx.execute(sql`create temporary table seed_shops on commit drop as
    select user_id, setweight(to_tsvector('larder_search', coalesce(company_name, '')), 'B') as document
    from shops`)
  await tx.execute(sql`create temporary table seed_categories on commit drop as
    select id, setweight(to_tsvector('larder_search', concat_ws(' ', l1, l2, l3)), 'C') as document
    from categories`)
  return { indexes: indexes.rows, foreignKeys: foreignKeys.rows }
}

/**
 * One batch of products (a JSON array of rows: one parameter, whatever the batch's size), in one statement:
 * the names and texts not seen before get their parts of the document, then the products are written in
 * their order (ids follow it, product 0 is id 1) with the document `search_document` would build (migration
 * 0014): name A, shop B, category path C, description and ingredients D, concatenated in that order.
 * seed.test.ts checks that every seeded row equals the trigger's result.
 */
const insertBatch = (tx: Transaction, rows: unknown[]) =>
  tx.execute(sql`
    with batch as materialized (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as r(${LOAD_COLUMNS})
    ),
    new_names as (
      insert into seed_names
      select product_name, setweight(to_tsvector('larder_search', product_name), 'A'),
        search_normalize(product_name), search_name_head(product_name)
      from (select distinct product_name from batch) b
      where not exists (select 1 from seed_names n where n.product_name = b.product_name)
      returning *
    ),
    new_texts as (
      insert into seed_texts
      select product_description, product_ingredients,
        setweight(to_tsvector('larder_search', product_description || ' ' || product_ingredients), 'D')
      from (select distinct product_description, product_ingredients from batch) b
      where not exists (select 1 from seed_texts t
        where t.product_description = b.product_description and t.product_ingredients = b.product_ingredients)
      returning *
    ),
    names as (select * from seed_names union all select * from new_names),
    texts as (select * from seed_texts union all select * from new_texts)
    insert into products (vendor_id, category_id, product_name, product_description, product_ingredients,
      product_allergens, images, sale_price_pence, discount_price_pence, qty, is_free, status, date_created,
      search_vector, search_name, search_name_vector, search_name_head)
    select p.vendor_id, p.category_id, p.product_name, p.product_description, p.product_ingredients,
      p.product_allergens, p.images, p.sale_price_pence, p.discount_price_pence, p.qty, p.is_free, p.status,
      p.date_created,
      n.document || coalesce(s.document, setweight(to_tsvector('larder_search', ''), 'B')) || c.document
        || t.document,
      n.search_name, n.document, n.head
    from batch p
      join names n on n.product_name = p.product_name
      join texts t on t.product_description = p.product_description
        and t.product_ingredients = p.product_ingredients
      join seed_categories c on c.id = p.category_id
      left join seed_shops s on s.user_id = p.vendor_id
    order by p.n`)

/** The vocabulary the statement trigger would have added, the triggers on, the indexes and keys built. */
async function endLoad(tx: Transaction, { indexes, foreignKeys }: Awaited<ReturnType<typeof beginLoad>>) {
  await tx.execute(sql`insert into search_words (word)
    select distinct w
    from (select product_name as t from seed_names
          union all select product_description from seed_texts
          union all select product_ingredients from seed_texts) texts,
      regexp_split_to_table(search_normalize(texts.t), ' ') w
    where length(w) > 1
    on conflict do nothing`)
  await tx.execute(
    sql`alter table products enable trigger products_search_vector, enable trigger products_search_words_insert`,
  )
  for (const key of foreignKeys)
    await tx.execute(sql.raw(`alter table products add constraint ${quoted(key.name)} ${key.definition}`))
  // More sort memory than the default 64 MB for the index builds, for this transaction only.
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`)
  for (const index of indexes) await tx.execute(sql.raw(index.definition))
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
  const load = await beginLoad(tx)
  onProgress?.(0, total)
  // The next batch is generated while the database writes the last one.
  let writing: Promise<unknown> = Promise.resolve()
  for (let start = 0; start < total; start += BATCH_SIZE) {
    const batch = []
    for (let index = start; index < Math.min(start + BATCH_SIZE, total); index++) {
      const { categoryKey, ...product } = generateProduct(index)
      const categoryId = categoryIds.get(categoryKey)
      if (categoryId === undefined) throw new Error(`No category ${categoryKey}`)
      batch.push({
        n: index,
        vendor_id: product.vendorId,
        category_id: categoryId,
        product_name: product.productName,
        product_description: product.productDescription,
        product_ingredients: product.productIngredients,
        product_allergens: product.productAllergens,
        images: product.images,
        sale_price_pence: product.salePricePence,
        discount_price_pence: product.discountPricePence,
        qty: product.qty,
        is_free: product.isFree,
        status: product.status,
        date_created: product.dateCreated.toISOString(),
      })
      if (product.isFree) summary.free++
      if (product.discountPricePence !== null) summary.discounted++
      if (product.status === 'RATED') summary.rated++
      if (product.qty === 0) summary.outOfStock++
    }
    await writing
    if (start > 0) onProgress?.(start, total)
    writing = insertBatch(tx, batch)
  }
  await writing
  if (total > 0) onProgress?.(total, total)
  await endLoad(tx, load)
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
