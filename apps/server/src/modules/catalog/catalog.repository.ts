import { createHash } from 'node:crypto'
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  is,
  isNull,
  max,
  SQL,
  sql,
  type Column,
} from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { SearchHelp, Sort } from '@larder/shared'
import { arrayLiteral } from '../../db/array-literal'
import type { Database } from '../../db/client'
import { categoryShown, onSale } from '../../db/product-visibility'
import { categories, products, SEARCH_PART_SIZE, searchPart, shops } from '../../db/schema'
import { isProductTag, SAFETY_TTL_MS, type CatalogChangeFeed } from '../../lib/catalog-changes'
import { compileSearch, searchPlan, type RankTerm, type SearchFilter } from './search/search-compiler'
import {
  closeWords,
  expandTexts,
  kindredWords,
  readAs,
  type ExpandOptions,
  type ExpandedText,
  type TextNode,
} from './search/search-engine'
import type { SearchQuery } from './search/search-query'
import { createVocabularyReplica } from './search/search-vocabulary'
import { createTotalsCache, TOTALS_TTL_MS } from './totals-cache'

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

/**
 * A free-text page is ranked among the first this many matches: each costs a heap visit, the visibility
 * tests and the ranking expressions, and those rows are most of what a search costs PostgreSQL, whatever
 * the catalogue's size. The bench's 20 texts as page statements ran 836–843 a second at 300 and 1 651 at
 * 100 on a million products (pgbench, two clients, 2026-11-27); through the server, 391–439 against
 * 580–623 searches a second, p99 59–68 against 40–48 ms (docs/benchmarks.md). Five pages of 20 are more
 * than shoppers read of one search, and the demo catalogue's broadest words ("milk", "fresh") match only a
 * few more (decision 0031).
 */
export const RANK_WINDOW = 100

/**
 * A free-text search counts at most this many matching products as its total (X-Total-Count), as
 * Meilisearch's maxTotalHits does: counting every product that mentions "cheese" in a catalogue of a
 * million would read tens of thousands of rows for each search (decision 0031). It is the ranked window,
 * so every product counted is on a page (5 pages of 20), and a page past them is past the end: the
 * storefront's listing answers 404 for it as for any other. The page and its total are one statement over
 * the same matches (textWindow).
 */
export const MAX_TEXT_HITS = RANK_WINDOW

/**
 * A first page in the default order (newest first) filtered by a name pattern is looked for among this many
 * of the newest products first, and among all of them only when these hold fewer than the page. PostgreSQL
 * plans a pattern from the name's statistics: the newest through the date index when it expects many
 * matches, every match through the trigram index when it expects few. Planned for each request, that cost
 * 0.5 ms of planning, and a wrong guess 8 ms for "quin*" (3 390 of a million names) or 20 ms for "ched*"
 * after an ANALYZE whose sample missed the cheddars (docs/benchmarks.md). The bounded walk has one plan
 * whatever the pattern, kept as a generic plan: "ched*" 0.96 → 0.50 ms and "quin*" 8.2 → 1.0 ms at a
 * million products; a pattern with fewer than a page of matches among the newest 2 000 pays the walk
 * (about 0.6 ms) before the usual statement. Any page it finds is the right one: every product outside
 * the walk is older than every product in it.
 */
export const NEWEST_WALK = 2000

/**
 * From this highest product id on, a free-text window is read one search part (SEARCH_PART_SIZE ids) at a
 * time, newest part first, each through the search indexes' part column: GIN then reads only the part's
 * entries of a word, where a common word's entries in a million products were most of a search's time
 * ("bread" 16 → 1.3 ms, "fish" 19 → 1.9 ms in pgbench, docs/benchmarks.md). In a smaller catalogue the
 * parts cost more than they save (100 000 products: 0.8–1.2 → 1.5–2.2 ms), so it is read in one pass.
 */
export const SEARCH_PARTS_FROM = 4 * SEARCH_PART_SIZE

/** How long the highest product id that chooses between the two is kept before it is read again. */
const HIGHEST_ID_TTL_MS = 60_000

/** The search parts' numbers, newest first, for a window read one part at a time (`matching`). */
const newestPartFirst = sql`generate_series((select max(${products.id}) from ${products}) / ${sql.raw(
  String(SEARCH_PART_SIZE),
)}, 0, -1) as parts(n)`

/** The rank's values as columns of the window's rows: `hit_r0`, `hit_r1`, … */
const rankValues = (rank: RankTerm[]) =>
  Object.fromEntries(rank.map((term, i) => [`r${i}`, sql`${term.value}`.as(`hit_r${i}`)]))

/** A column of a subquery of the window, by its key (the rank's columns are not in its static type). */
function columnOf(source: object, key: string): SQL.Aliased {
  const column: unknown = Reflect.get(source, key)
  if (!is(column, SQL.Aliased)) throw new Error(`the window has no column ${key}`)
  return column
}

/** The rank's columns, read from a subquery of the window. */
const rankOf = (source: object, rank: RankTerm[]) =>
  Object.fromEntries(rank.map((_, i) => [`r${i}`, columnOf(source, `r${i}`)]))

/**
 * Whether any product of the window has a rank term that says it is what the text names (RankTerm
 * `names`), as a column of each row.
 */
function namedIn(source: object, rank: RankTerm[]): SQL.Aliased<boolean> {
  const named = rank.flatMap((term, i) => (term.names ? [sql`${columnOf(source, `r${i}`)}`] : []))
  const value = named.length === 0 ? sql`true` : sql`bool_or(${sql.join(named, sql` or `)}) over ()`
  return sql<boolean>`${value}`.as('hit_named')
}

/**
 * Best first by the rank's columns from the `from`th, then newest first, as the storefront's default order
 * breaks ties; a term whose values take turns (RankTerm `interleave`) by the turn its row has (`turns`).
 */
const rankedOrder = (source: object, rank: RankTerm[], from = 0) => [
  ...rank.flatMap((term, i) =>
    i < from
      ? []
      : term.interleave
        ? [sql`${columnOf(source, 'turn')} asc`]
        : [sql`${columnOf(source, `r${i}`)} ${sql.raw(term.direction)}`],
  ),
  sql`${columnOf(source, 'created')} desc nulls last`,
  sql`${columnOf(source, 'hitId')} desc nulls last`,
]

/**
 * The turn of each row of the window, for a rank with a term whose values take turns: its place among
 * the rows of its value, by the rest of the order; the rows of a NULL value after every other's turn.
 * Nothing (no column) for a rank without one.
 */
function turns(source: object, rank: RankTerm[]): Record<string, SQL.Aliased> {
  const at = rank.findIndex((term) => term.interleave)
  if (at < 0) return {}
  const value = columnOf(source, `r${at}`)
  const rest = rankedOrder(source, rank, at + 1)
  const turn = sql<number>`row_number() over (partition by ${value} order by ${sql.join(rest, sql`, `)})
    + case when ${value} is null then ${sql.raw(String(RANK_WINDOW))} else 0 end`
  return { turn: turn.as('hit_turn') }
}

/** The turn column of a subquery of the window, when the rank has one (`turns`). */
const turnOf = (source: object, rank: RankTerm[]): Record<string, SQL.Aliased> =>
  rank.some((term) => term.interleave) ? { turn: columnOf(source, 'turn') } : {}

/**
 * How close (pg_trgm word similarity) a product name, category or shop must be to a word for the help of
 * a search that found nothing. pg_trgm's default of 0.6 left most misspellings without help: "chedderz"
 * is 0.56 from "Mature Cheddar", "yogur" 0.5 from "Greek-style Yoghurt".
 */
export const HELP_SIMILARITY = 0.5

/** How many product names a search that found nothing offers ("Did you mean …"). */
const HELP_NAMES = 3

/** How many of a search's first products' names say how it read a misspelt word. */
const READ_AS_FROM = 5

/** How many categories it offers. */
const HELP_CATEGORIES = 2

export interface CatalogRepositoryOptions {
  /** The highest product id from which free text is read in parts (SEARCH_PARTS_FROM). */
  searchPartsFrom?: number
}

export function createCatalogRepository(
  db: Database,
  changes?: CatalogChangeFeed,
  { searchPartsFrom = SEARCH_PARTS_FROM }: CatalogRepositoryOptions = {},
) {
  const vocabulary = createVocabularyReplica(db, changes)
  let highestId: { at: number; value: Promise<number> } | undefined
  /** Whether free text is read in parts: the catalogue's highest id, read at most once a minute. */
  const searchParts = async () => {
    const now = Date.now()
    if (highestId === undefined || now - highestId.at > HIGHEST_ID_TTL_MS) {
      const read = db
        .select({ id: max(products.id) })
        .from(products)
        .then(([row]) => row?.id ?? 0)
      highestId = { at: now, value: read }
      // A failed read is not kept: the next search reads again.
      read.catch(() => {
        if (highestId?.value === read) highestId = undefined
      })
    }
    return (await highestId.value) >= searchPartsFrom
  }

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
  /**
   * Up to RANK_WINDOW products a filter matches, as `hit_id`. The inner joins are there for the filter's
   * own fields (categoryL1, vendorCity, …); OFFSET 0 keeps the inner query a subquery of its own.
   *
   * The join with a one-row subquery around it (`fence`, also kept apart by OFFSET 0) is what keeps
   * PostgreSQL on the GIN index. A subquery under a LIMIT with nothing else at its level is planned for the
   * LIMIT's first rows, and with a word it expected in many products that plan was a sequential scan
   * reading and decompressing every search document until it had them (150 ms for "cheese" in 100 000
   * products); with a join at that level, the subquery is planned for all its rows, which for a tsquery
   * known only when the statement runs (search-compiler.ts onceTsquery) is the bitmap index scan, and the
   * LIMIT still stops it (decision 0031, docs/benchmarks.md). A join with categories did the same, at a
   * lookup per row.
   *
   * `parts`: the matches are read one search part at a time, newest first (SEARCH_PARTS_FROM), the part a
   * condition of the subquery joined laterally to each part's number, so that the index reads only that
   * part's entries; the LIMIT stops the parts once it has its rows. Without, in the table's order.
   */
  const matching = (
    where: SQL | undefined,
    rank: RankTerm[],
    parts: boolean,
    limit: SQL = sql.raw(String(RANK_WINDOW)),
  ) => {
    const inPart = parts ? sql`${searchPart(products.id)} = parts.n` : undefined
    const matches = db
      .select({
        hitId: sql<number>`${products.id}`.as('hit_id'),
        created: sql<Date>`${products.dateCreated}`.as('hit_created'),
        ...rankValues(rank),
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(shops, eq(shops.userId, products.vendorId))
      .where(and(onSale, where, inPart))
      .offset(sql.raw('0') as unknown as number)
      .as('matches')
    const columns = { hitId: matches.hitId, created: matches.created, ...rankOf(matches, rank) }
    const fence = sql`(select 1 offset 0) as fence`
    const from = parts
      ? db
          .select(columns)
          .from(newestPartFirst)
          .crossJoinLateral(matches)
          .innerJoin(fence, sql`true`)
      : db
          .select(columns)
          .from(matches)
          .innerJoin(fence, sql`true`)
    return from.limit(limit as unknown as number)
  }

  /**
   * The first RANK_WINDOW matches: the window a free-text page is ranked in, and its bounded total,
   * counted in the same statement as the page (textWindow), in one pass over the matches instead of one
   * for the page and another for the count. Each row carries its rank's values, computed as it is read.
   *
   * With a relevance order, the products with every word in the name come first, from the name's own GIN
   * index, and the rest of the document's matches only when they are fewer than the window: the GIN index
   * hands over every product a word is in before the first row is read, and a word common in descriptions
   * and category paths ("milk" is in 291 529 of a million generated products' documents, in the names of a
   * seventeenth of them) made that most of a search's time. UNION ALL under a LIMIT runs its second part
   * only when the first gave fewer rows than the LIMIT, and the second part takes no more than the first
   * left, so no order between the two is relied on. The window also holds the best matches this way: the
   * name's tiers rank first (search-compiler.ts rankOrder).
   */
  const firstMatches = (filter: SearchFilter, parts: boolean, rank: RankTerm[] = []) => {
    const { inName } = filter
    if (inName === undefined) return matching(filter.where, rank, parts).as('found')
    const elsewhere = sql`(${inName.match}) is not true`
    // The rest fill only what the name's matches leave of the window, whatever order PostgreSQL runs the
    // two parts in (the count is of the same name matches, read again only when the rest are read).
    const left = sql`${sql.raw(String(RANK_WINDOW))} - (select count(*) from (${matching(inName.where, [], parts)}) as named)`
    return unionAll(
      matching(inName.where, rank, parts),
      matching(and(filter.where, elsewhere), rank, parts, left),
    )
      .limit(literalLimit(RANK_WINDOW))
      .as('found')
  }
  /** firstMatches, each with how many there are. */
  const textWindow = (filter: SearchFilter, rank: RankTerm[], parts: boolean) => {
    const found = firstMatches(filter, parts, rank)
    return db
      .select({
        hitId: found.hitId,
        created: found.created,
        ...rankOf(found, rank),
        ...turns(found, rank),
        total: sql<number>`count(*) over ()`.mapWith(Number).as('hit_total'),
        named: namedIn(found, rank),
      })
      .from(found)
      .as('hits')
  }

  /**
   * Free text in relevance order: the first RANK_WINDOW matches, ranked (search-compiler.ts rankOrder),
   * ties newest first. The page is chosen from the window's own columns, and only its rows are then read
   * with their category and shop: joining the whole window (of 300 then) before choosing was half the
   * statement's time. Each row carries the window's total (MAX_TEXT_HITS at most).
   */
  const rankedQuery = (
    filter: SearchFilter,
    rank: RankTerm[],
    size: number,
    later: boolean,
    parts: boolean,
  ) => {
    const hits = textWindow(filter, rank, parts)
    const chosen = db
      .select({
        hitId: hits.hitId,
        created: hits.created,
        ...rankOf(hits, rank),
        ...turnOf(hits, rank),
        total: hits.total,
        named: hits.named,
      })
      .from(hits)
      .orderBy(...rankedOrder(hits, rank))
      .limit(literalLimit(size))
    const page = (later ? chosen.offset(sql.placeholder('offset')) : chosen).as('page')
    return db
      .select({ ...productColumns, windowTotal: page.total, windowNamed: page.named })
      .from(page)
      .innerJoin(products, eq(products.id, page.hitId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(shops, eq(shops.userId, products.vendorId))
      .orderBy(...rankedOrder(page, rank))
  }
  /** pageQuery's first page in the default order, among the NEWEST_WALK newest products only. */
  const newestQuery = (where: SQL | undefined, size: number) => {
    // Named as the table, so that the filter's columns ("products"."product_name") read the walk's rows.
    // The name passes through an expression, which has no statistics: with the name's, PostgreSQL found a
    // plan for each pattern cheaper than the generic one and planned every run again (1 ms, as long as
    // the walk itself), although the walk's plan is the same for every pattern.
    const newest = db
      .select({
        ...getTableColumns(products),
        productName: sql<string>`${products.productName} || ''`.as('product_name'),
      })
      .from(products)
      .orderBy(...orderBy([]))
      .limit(literalLimit(NEWEST_WALK))
      .as('products')
    return db
      .select(productColumns)
      .from(newest)
      .innerJoin(categories, eq(categories.id, newest.categoryId))
      .leftJoin(shops, eq(shops.userId, newest.vendorId))
      .where(and(onSale, where))
      .orderBy(...orderBy([]))
      .limit(literalLimit(size))
  }
  type PageStatement = ReturnType<ReturnType<typeof pageQuery>['prepare']>
  type RankedStatement = ReturnType<ReturnType<typeof rankedQuery>['prepare']>
  const pageStatements = new Map<string, PageStatement>()
  const rankedStatements = new Map<string, RankedStatement>()

  /** The prepared statement for this key, or undefined to run unprepared once there are too many. */
  const preparedFor = <T>(statements: Map<string, T>, key: string, make: () => T): T | undefined => {
    let statement = statements.get(key)
    if (statement === undefined) {
      if (pageStatements.size + rankedStatements.size >= MAX_PREPARED_PAGES) return undefined
      statement = make()
      statements.set(key, statement)
    }
    return statement
  }
  const statementKey = (filter: SearchFilter | undefined, sort: Sort[], size: number, later: boolean) =>
    `${sort.map((s) => `${s.field} ${s.direction}`).join(',')} ${size} ${later}\n${filter?.key ?? ''}`

  const countProducts = async (filter: SearchFilter | undefined, capped: boolean): Promise<number> => {
    if (filter !== undefined && capped) {
      const parts = await searchParts()
      const [row] = await db
        .select({ total: count() })
        .from(firstMatches(filter, parts))
        .execute(filter.values)
      return row?.total ?? 0
    }
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
  // Kept until a change is announced while this process hears the announcements (totals-cache.ts).
  const totals = createTotalsCache({ lifetime: () => (changes?.live ? SAFETY_TTL_MS : TOTALS_TTL_MS) })
  changes?.subscribe((invalidation) => {
    // A product added or removed, a shop or the category tree changed: any total may have changed. A
    // product's own change that leaves the listings as they were (its stock) moves it only in or out of
    // filters on stock.
    if (invalidation === 'all' || invalidation.some((tag) => !isProductTag(tag))) totals.clear()
    else if (invalidation.length > 0) totals.dropStockTotals()
  })

  const readPage = async (filter: SearchFilter | undefined, { page, size, sort }: ProductPageRequest) => {
    const later = page > 0
    const capped = filter?.hasText === true
    const values = { ...filter?.values, offset: page * size }
    // The same filter always gives the same key: its SQL text and its values (an empty key: no filter).
    const totalKey = filter === undefined ? '' : JSON.stringify([filter.key, filter.values, capped])
    const countTotal = () =>
      totals.get(totalKey, () => countProducts(filter, capped), filter?.readsStock === true)
    const key = statementKey(filter, sort, size, later)

    // Free text without an explicit sort is in relevance order; a sort asked for orders it instead.
    if (filter?.rank !== undefined && sort.length === 0) {
      const { rank } = filter
      const parts = await searchParts()
      const statement = preparedFor(rankedStatements, `${key}\n${filter.rankKey}\n${parts}`, () =>
        prepare(rankedQuery(filter, rank, size, later, parts)),
      )
      const rows = await (statement ?? rankedQuery(filter, rank, size, later, parts)).execute(values)
      // The rows carry the bounded total; a page past the end has none to carry it, and a first page
      // without rows means nothing matched.
      const total = rows[0]?.windowTotal ?? (later ? await countTotal() : 0)
      return { rows, total, named: rows[0]?.windowNamed ?? true }
    }
    const readRows = async () => {
      if (filter?.matchesName && !later && sort.length === 0) {
        const newest = preparedFor(pageStatements, `newest\n${key}`, () =>
          prepare(newestQuery(filter.where, size)),
        )
        const rows = await (newest ?? newestQuery(filter.where, size)).execute(values)
        if (rows.length === size) return rows
      }
      const statement = preparedFor(pageStatements, key, () =>
        prepare(pageQuery(filter?.where, sort, size, later)),
      )
      return (statement ?? pageQuery(filter?.where, sort, size, later)).execute(values)
    }
    const [rows, total] = await Promise.all([readRows(), countTotal()])
    return { rows, total, named: true }
  }

  /**
   * A text search that finds nothing tries again rather than show an empty page: with more typos allowed
   * (one from 3 letters), then with any of its words rather than all of them, ranked by how many match.
   */
  const anyWordTry: ExpandOptions = { relaxed: true, anyWord: true }
  const retries: ExpandOptions[] = [{ relaxed: true }, anyWordTry]

  /**
   * Whether a search's window holds a product named for its words (RankTerm `names`): a page past its rows
   * knows only by reading its first page (`first`), as every page of one search must decide alike.
   */
  const namedOn = async (
    page: { rows: ProductRow[]; named: boolean },
    first: () => Promise<{ named: boolean } | undefined>,
  ) => (page.rows.length > 0 ? page.named : ((await first())?.named ?? true))

  /**
   * The categories of products on sale named for a word kindred to the typed ones (kindredWords), most
   * such products first: "kale" offers Vegetables, where the other greens are.
   */
  const kindredAisles = async (words: string[]) => {
    const kindred = kindredWords(words)
    if (kindred.length === 0) return []
    // Catalogue words are letters and digits, and a kindred word of several is a phrase of them.
    const query = kindred.map((word) => `(${word.split(' ').join(' <-> ')})`).join(' | ')
    return db
      .select({ l1: categories.l1, l2: categories.l2, l3: categories.l3 })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(
        and(
          onSale,
          // Named for it: the word is the thing the name ends in (Salted Peanuts for "pistachio", not
          // Almond Croissants); the name's index finds the candidates.
          sql`${products.searchNameVector} @@ to_tsquery('larder_search', ${query})`,
          sql`${products.searchNameHead} @@ to_tsquery('larder_search', ${query})`,
        ),
      )
      .groupBy(categories.l1, categories.l2, categories.l3)
      .orderBy(desc(count()), categories.l1, categories.l2)
      .limit(HELP_CATEGORIES)
  }

  /** The first products' names, which say how a search read its text (readAs). */
  const leadingNames = (rows: readonly ProductRow[]) =>
    rows.slice(0, READ_AS_FROM).map((row) => row.productName)

  /** A page as the catalogue answers it: its rows and the total. */
  const pageOf = ({ rows, total, readAs }: { rows: ProductRow[]; total: number; readAs?: string }) => ({
    rows,
    total,
    readAs,
  })

  /** The search again with its ranked text looked up with `options`. */
  const retry = async (
    search: SearchQuery,
    primary: TextNode,
    texts: ReadonlyMap<TextNode, ExpandedText>,
    options: ExpandOptions,
    request: ProductPageRequest,
  ) => {
    const retried = expandTexts(await vocabulary.current(), [primary], options).get(primary)
    if (retried === undefined) return undefined
    const page = await readPage(compileSearch(search, new Map(texts).set(primary, retried)), request)
    return { ...page, readAs: readAs(retried, leadingNames(page.rows)) }
  }

  /**
   * Names of products on sale holding one of the catalogue's words closest to the typed words (closeWords),
   * the closest word's first, shorter names first: "hunny" offers English Set Honey.
   */
  const namesWithCloseWords = async (words: string[]): Promise<string[]> => {
    const close = closeWords(await vocabulary.current(), words).slice(0, HELP_NAMES)
    if (close.length === 0) return []
    const holds = close.map(
      (word) => sql`${products.searchNameVector} @@ to_tsquery('larder_search', ${word})`,
    )
    const rows = await db
      .select({ name: products.productName })
      .from(products)
      .where(and(onSale, sql`(${sql.join(holds, sql` or `)})`))
      .groupBy(products.productName)
      .orderBy(
        sql`min(case ${sql.join(
          holds.map((held, i) => sql`when ${held} then ${sql.raw(String(i))}`),
          sql` `,
        )} end)`,
        sql`length(${products.productName})`,
        products.productName,
      )
      .limit(HELP_NAMES)
    return rows.map((row) => row.name)
  }

  return {
    /** The back office changed the catalogue: listing totals are counted afresh (totals-cache.ts). */
    clearTotals() {
      totals.clear()
    },

    async findPage(request: ProductPageRequest) {
      const { search } = request
      if (search === undefined) return pageOf(await readPage(undefined, request))
      const plan = searchPlan(search)
      const texts = plan.texts.length > 0 ? expandTexts(await vocabulary.current(), plan.texts) : undefined
      const read = await readPage(compileSearch(search, texts), request)
      if (!plan.primary || !texts) return pageOf(read)
      const { primary } = plan
      // The answer says how the search read the text, when it read a typed word as another.
      const first = { ...read, readAs: readAs(texts.get(primary), leadingNames(read.rows)) }
      const several = primary.terms.length > 1
      if (first.total > 0) {
        // Words found together only in descriptions ("red apples": Colombian Ground Coffee, whose
        // description holds both) are a weaker answer than a product named for the last of them: any of the
        // words then, when some product's name ends in the last (Braeburn Apples, before the coffee).
        // Otherwise the words are of something the catalogue lacks ("brown sauce"), and any of them would
        // only add Brown Onions. Every page decides by the same window: a page past the first answer's
        // rows reads its first page to know.
        const named = await namedOn(first, () =>
          readPage(compileSearch(search, texts), { ...request, page: 0 }),
        )
        if (named || !several) return pageOf(first)
        const anyWord = await retry(search, primary, texts, { anyWord: true }, request)
        return pageOf(anyWord !== undefined && anyWord.total > 0 && anyWord.named ? anyWord : first)
      }
      for (const options of several ? retries : retries.slice(0, 1)) {
        const result = await retry(search, primary, texts, options, request)
        if (result === undefined || result.total === 0) continue
        // The same for the words with their typos: "tap water" found a loaf's golden top and the water
        // in its dough, before the waters named for the last word.
        if (several && !options.anyWord) {
          const named = await namedOn(result, () =>
            retry(search, primary, texts, options, { ...request, page: 0 }),
          )
          const anyWord = named ? undefined : await retry(search, primary, texts, anyWordTry, request)
          if (anyWord !== undefined && anyWord.total > 0 && anyWord.named) return pageOf(anyWord)
        }
        return pageOf(result)
      }
      return pageOf(first)
    },

    async findById(id: number) {
      const rows = await byId.execute({ id })
      return rows[0]
    },

    /**
     * For a search that found nothing: the closest product names (trigram word similarity, served by the
     * trigram index on product_name), and the categories and shops with a name close to one of the words.
     * It offers only what the storefront shows: names of products on sale, categories not hidden, shops not
     * suspended. `text`: the typed words; `words`: those long enough to compare (catalog.service.ts).
     */
    async searchHelp(text: string, words: string[]): Promise<SearchHelp> {
      const list = arrayLiteral(words)
      const threshold = sql.raw(String(HELP_SIMILARITY))
      // Each word close to a word of the name (pg_trgm's <%, which the trigram index serves), closest
      // overall first.
      const close = words.map((word) => sql`${word} <% ${products.productName}`)
      const similarity = sql.join(
        [
          sql`word_similarity(${text}, ${products.productName})`,
          ...words.map((word) => sql`word_similarity(${word}, ${products.productName})`),
        ],
        sql` + `,
      )
      const [names, near, shopRows] = await Promise.all([
        // `<%` compares with pg_trgm.word_similarity_threshold, 0.6 unless set: for this transaction only.
        db.transaction(async (tx) => {
          await tx.execute(
            sql`select set_config('pg_trgm.word_similarity_threshold', ${String(HELP_SIMILARITY)}, true)`,
          )
          return tx
            .select({ name: products.productName })
            .from(products)
            .where(and(onSale, sql`(${sql.join(close, sql` or `)})`))
            .groupBy(products.productName)
            .orderBy(sql`max(${similarity}) desc`, products.productName)
            .limit(HELP_NAMES)
        }),
        db
          .select({ l1: categories.l1, l2: categories.l2, l3: categories.l3 })
          .from(categories)
          .where(
            and(
              categoryShown,
              sql`exists (select 1 from unnest(${list}::text[]) w where word_similarity(w, search_normalize(${categories.name})) >= ${threshold})`,
            ),
          )
          .orderBy(
            sql`(select max(word_similarity(w, search_normalize(${categories.name}))) from unnest(${list}::text[]) w) desc`,
            asc(categories.level),
          )
          .limit(HELP_CATEGORIES),
        db
          .select({ vendorID: shops.userId, companyName: shops.companyName })
          .from(shops)
          .where(
            and(
              isNull(shops.suspendedAt),
              sql`exists (select 1 from unnest(${list}::text[]) w where word_similarity(w, search_normalize(${shops.companyName})) >= ${threshold})`,
            ),
          )
          .orderBy(
            sql`(select max(word_similarity(w, search_normalize(${shops.companyName}))) from unnest(${list}::text[]) w) desc`,
          )
          .limit(2),
      ])
      return {
        didYouMean: [
          ...new Set([...names.map((row) => row.name), ...(await namesWithCloseWords(words))]),
        ].slice(0, HELP_NAMES),
        categories: [...near, ...(near.length === 0 ? await kindredAisles(words) : [])].map((row) => ({
          categoryL1: row.l1,
          categoryL2: row.l2,
          categoryL3: row.l3,
        })),
        shops: shopRows,
      }
    },

    /** Every named category node, parents before children, in display order. */
    categoryNodes() {
      return (
        db
          .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
          .from(categories)
          // A node the operator hid leaves the tree with everything below it (product-visibility.ts).
          .where(and(sql`btrim(${categories.name}) <> ''`, categoryShown))
          .orderBy(asc(categories.level), asc(categories.position), asc(categories.name))
      )
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
