/**
 * Compiles a checked search expression (Lucene syntax: search-parser.ts, search-query.ts) into a WHERE
 * clause over `products` joined with `categories` and left-joined with `shops` (catalog.repository.ts), with
 * every value a named placeholder, so that the repository can prepare one statement per shape.
 *
 * - categoryL1-3, vendorID, vendorCity, vendorCompanyName, status: exact match, case-insensitive
 *   (`lower(col) = lower($1)`; status is looked up in its closed set first so that its index can serve it).
 *   A value ending in `*` (quoted or not: `categoryL1:"Fre*"`) is a prefix match, `?` and `*` inside a
 *   word are LIKE's `_` and `%` (`%`, `_` and `\` escaped), and `value~N` is within N edits (levenshtein).
 * - productName, productDescription: `field:ab*` / `field:"ab*"` matches when any word of the field starts
 *   with "ab" (`col ~* '\mab'`, regex characters escaped, served by the trigram index on product_name);
 *   `field:ch?dd*r` when a word fits the wildcards; `field:chedar~` when a word of the field is within the
 *   edits of one of the catalogue's words (search_words); without any of these, `field:term` /
 *   `field:"some phrase"` is a case-insensitive substring match (`ILIKE`).
 * - isFree: `true` or `false`, any case. id: a positive integer that fits in int4. salePrice (pounds) and
 *   qty: a number, or a range `[a TO b]` / `{a TO b}` (exclusive), `*` for an open end.
 * - Bare words side by side are one free text (search-engine.ts): typos, prefixes, joined and split words
 *   and synonyms, over `products.search_vector`; `"a phrase"` is phraseto_tsquery. Words with nothing
 *   searchable in them (a stop word such as "and", or punctuation) are left out: `fish and chips` =
 *   `fish chips`, `cheddar OR the` = `cheddar`, and a query of only such words matches everything. The
 *   first free text of the top-level AND also gives the relevance order (rankOrder), `word^N` weighting it.
 * - AND / `&&`, OR / `||`, NOT, `-x` and `!x` (negation), `+x` (required, the same as plain x), parentheses,
 *   `field:(a OR b)`. Clauses side by side are ANDed; AND binds tighter than OR; a leading NOT negates the
 *   clause after it. A negated clause is true when the clause is false or unknown (a product with no shop
 *   matches `-vendorCity:Ealing`).
 * - Errors (search-query.ts, before compiling): unknown fields, syntax errors (with a 1-based position),
 *   more than MAX_QUERY_LENGTH characters or MAX_QUERY_CLAUSES terms, nesting deeper than MAX_NESTING,
 *   ranges on other fields, regular expressions, proximity searches, more than 2 edits, fuzzy wildcards,
 *   empty queries and values, isFree, id, salePrice and qty values of the wrong kind.
 */
import { sql, type Column, type SQL } from 'drizzle-orm'
import { normalizeWord, PRODUCT_STATUSES } from '@larder/shared'
import { arrayLiteral } from '../../../db/array-literal'
import { categories, products, shops } from '../../../db/schema'
import { sqlKey } from '../../../db/sql-key'
import {
  plainTexts,
  planSearch,
  type ExpandedText,
  type PlannedNode,
  type SearchPlan,
  type TextNode,
} from './search-engine'
import type { SearchRange, SearchTerm, WildcardPart } from './search-parser'
import { booleanValue, idValue, numberValue, rangeValues, type SearchQuery } from './search-query'

/**
 * A compiled filter, split the way a prepared statement needs it: requests whose filters share a shape
 * share one statement, and PostgreSQL then parses and plans it once per connection instead of on every
 * request, which was most of the database's time for a catalogue page (decision 0005, docs/benchmarks.md).
 */
export interface SearchFilter {
  /** The filter's SQL text: equal keys mean equal statements, whatever the values. */
  key: string
  /** The WHERE clause, with placeholders `f0`, `f1`, … where the values go. */
  where: SQL
  values: Record<string, unknown>
  /**
   * The relevance order when the query has free text (search-engine.ts), best first, over the columns of
   * `products`; undefined without free text. Its placeholders' values are in `values` too.
   */
  rank: RankTerm[] | undefined
  /**
   * With a relevance order: the filter with its ranked text matched in the name alone (every word in the
   * name, typos and prefixes allowed), and that name match on its own. A page's window of matches is read
   * from these products first, through the name's small index (catalog.repository.ts `firstMatches`).
   */
  inName: { where: SQL; match: SQL } | undefined
  /** The SQL text of the rank and of `inName`, for statement keys. */
  rankKey: string
  /** The free text has words to search on (the relevance window and its cap apply). */
  hasText: boolean
  /** The filter reads stock (`qty`): a stock change alone can change which products it matches. */
  readsStock: boolean
  /**
   * The filter matches product names by a pattern (`productName:"ched*"`), which the trigram index serves
   * for few matches and a walk down the newest products for many: its first page in the default order is
   * looked for among the newest products first (catalog.repository.ts `NEWEST_WALK`).
   */
  matchesName: boolean
}

/** One key of the relevance order: a value computed from a product's row, and which end comes first. */
export interface RankTerm {
  value: SQL
  direction: 'asc' | 'desc'
  /**
   * A term that says a product is what the text names: every word in its name or its aisle, or searched
   * with any of the words, a name ending in the last. A window where no product has one matched the words
   * only in descriptions (catalog.repository.ts `findPage`).
   */
  names?: true
  /**
   * Products of equal values take turns: the best of each value first, then the second best of each…,
   * ordered by the terms after it; a NULL value's after every other's (catalog.repository.ts `textWindow`).
   */
  interleave?: true
}

const plans = new WeakMap<SearchQuery, SearchPlan>()

/** The query's plan (its bare words gathered into texts), the same object every time for one query. */
export function searchPlan(query: SearchQuery): SearchPlan {
  let plan = plans.get(query)
  if (plan === undefined) {
    plan = planSearch(query.tree)
    plans.set(query, plan)
  }
  return plan
}

/**
 * `texts` are the plan's texts looked up in the vocabulary (search-engine.ts `expandTexts`); without them
 * each word matches as typed (stemmed) or as a synonym.
 */
export function compileSearch(query: SearchQuery, texts?: ReadonlyMap<TextNode, ExpandedText>): SearchFilter {
  const plan = searchPlan(query)
  const expanded = texts ?? plainTexts(plan.texts)
  const values: Record<string, unknown> = {}
  const param = (value: unknown): SQL => {
    const name = `f${Object.keys(values).length}`
    values[name] = value
    return sql`${sql.placeholder(name)}`
  }
  const compiler = new Compiler(param, expanded)
  const where = compiler.node(plan.tree, true)
  const primary = plan.primary && expanded.get(plan.primary)
  const hasText = primary !== undefined && !primary.empty && !primary.impossible
  let rank: RankTerm[] | undefined
  let inName: SearchFilter['inName']
  if (hasText && plan.primary) {
    // The ranked text is a clause of the top-level AND (searchPlan), and every word in the name implies
    // the text's match, so this filter is the original one narrowed to those products.
    const match = sql`${products.searchNameVector} @@ ${onceTsquery(param(primary.nameAll))}`
    const nameWhere = new Compiler(param, expanded, { node: plan.primary, match }).node(plan.tree, true)
    inName = { where: nameWhere, match }
    rank = rankOrder(primary, param, match)
  }
  return {
    key: sqlKey(where),
    where,
    values,
    rank,
    inName,
    readsStock: compiler.readsStock,
    matchesName: compiler.matchesName,
    rankKey:
      rank && inName
        ? sqlKey(
            sql.join(
              [...rank.map((term) => sql`${term.value} ${sql.raw(term.direction)}`), inName.where],
              sql`, `,
            ),
          )
        : '',
    hasText,
  }
}

const tsquery = (text: SQL) => sql`to_tsquery('larder_search', ${text})`

/**
 * The same, computed once per statement (an InitPlan) rather than for every row: to_tsquery is STABLE, so
 * with a placeholder for its text PostgreSQL would parse and stem it again for each row it tests or ranks.
 */
const onceTsquery = (text: SQL) => sql`(select to_tsquery('larder_search', ${text}))`

/**
 * An array parameter, read once per statement: as `$1::text[]` it was parsed again for every row. Under
 * `ANY` it needs a cast of its own, or PostgreSQL reads `any((select …))` as a subquery's rows.
 */
const onceArray = (list: SQL) => sql`(select ${list}::text[])`

/**
 * Relevance, best first: not saying it is without a typed word ("sugar-free" for "sugar"); the name is the
 * typed text, its last word in either number ("Limes" for "lime"); the whole text names the product's aisle
 * (its category's name: "fruit" lists the apples before Rich Fruit Cake; or a part of one, "cream" of Milk &
 * Cream, for the products also named for it); every word whole in the name; the rest of an aisle whose part
 * the text names, but not the products named for another part (Whole Milk for "cream"); fewer words needing a
 * typo (as Meilisearch's rules put typos before fields: "orange" finds "orange yolks" in a description before
 * "Free-range" in a name); the words side by side in the name, in the order typed ("baked bens": Baked Beans
 * before Freshly Baked Chelsea Buns); every typed word in the name as typed, in either number (stemming
 * makes "salted" and "salt" one word: "salt" lists Sea Salt Flakes before Salted Butter); every word in the
 * name or the category path, the fields that say what the product is ("wholemeal bread": Wholemeal Tin Loaf
 * of the Bread aisle before Irish Soda Bread, whose description holds "wholemeal"); of several words, the
 * last in the name as typed; the name ends in one of the words as typed (its last word, or its last before
 * "with" or "in", names the thing: "Bramley Apples" before "Cloudy Apple Juice" for "apples"); every word in
 * the name (typos and prefixes allowed: `inName`); every word in the category path (where in ts_rank a shop's
 * name or a description mentioning the word weighs more); field weight (ts_rank with weights name 1, shop
 * 0.4, category 0.2, description and ingredients 0.1, each word times its boost); in stock before out of
 * stock. Ties keep the default order, newest first. A name with a compound that names another thing
 * (search-synonyms.ts COMPOUND_NAMES: "Vanilla Ice Cream" for "cream") does not have the word whole in it.
 * The name's tiers read the name's own vectors and text, and the aisle's the category's, each a fraction of
 * the document's size.
 */
function rankOrder(text: ExpandedText, param: (value: unknown) => SQL, inName: SQL): RankTerm[] {
  const vector = products.searchVector
  // A word with nothing typed right (a misspelling, ExpandedText.units) costs every product a typo.
  const typos = text.units.map((unit) =>
    unit.typoFree === '' ? sql`1` : sql`(not ${vector} @@ ${onceTsquery(param(unit.typoFree))})::int`,
  )
  const weight = text.units.map(
    (unit) =>
      sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${vector}, ${onceTsquery(param(unit.all))}) * ${param(unit.boost)}::real`,
  )
  // strpos over the spaced name: a regular expression cost ten times as much per row.
  const spaced = sql`(' ' || ${products.searchName} || ' ')`
  const hasWord = (forms: string[]) =>
    sql`(${sql.join(
      forms.map((form) => sql`strpos(${spaced}, ${param(form)}) > 0`),
      sql` or `,
    )})`
  // A name ending in a compound that is another thing ("Vanilla Ice Cream" for "cream") does not have
  // the word whole in the name: "cream" lists Double Cream first, "beer" the beers (through their
  // synonyms) before Fiery Ginger Beer. Tested in the tiers of the word whole in the name only, as each
  // test costs a LIKE per compound for every row of the window.
  const own =
    text.compoundEnds.length === 0
      ? sql`true`
      : sql`not ${spaced} like any(${onceArray(param(arrayLiteral(text.compoundEnds)))}::text[])`
  // Every typed word in the name; searched with any of them, as many as it holds, none for a name ending
  // in such a compound: "pork chops" lists Pork Pie before Chopped Tomatoes, which hold "chop" only as
  // its stem, and "crusty bread" the loaves before Banana Bread, a cake.
  const nameWords =
    text.nameWords.length === 0
      ? sql`true`
      : text.anyWord
        ? sql`(case when ${own} then ${sql.join(
            text.nameWords.map((forms) => sql`${hasWord(forms)}::int`),
            sql` + `,
          )} else 0 end)`
        : sql`(${sql.join(text.nameWords.map(hasWord), sql` and `)})`
  // Of several words, the last names the thing ("cherry bakewell" is a bakewell): a name holding it as
  // typed, in either number, before a name holding only the others (Bakewell Tart before Kentish Cherries);
  // not a name ending in a compound that is another thing.
  const lastForms = text.nameWords.length > 1 ? text.nameWords.at(-1) : undefined
  const lastInName: RankTerm[] = lastForms
    ? [{ value: sql`(${hasWord(lastForms)} and ${own})`, direction: 'desc' }]
    : []
  const wholeName = sql`${products.searchNameVector} @@ ${onceTsquery(param(text.nameExact))}`
  // The words side by side in the name, as typed: after fewer typos, as Meilisearch's proximity rule.
  const namePhrase: RankTerm[] =
    text.namePhrase === ''
      ? []
      : [
          {
            value: sql`${products.searchNameVector} @@ ${onceTsquery(param(text.namePhrase))}`,
            direction: 'desc',
          },
        ]
  const namesAisle = sql`${categories.aisleNames} && ${onceArray(param(arrayLiteral(text.aisle)))}`
  const without: RankTerm[] =
    text.without === ''
      ? []
      : [{ value: sql`${vector} @@ ${onceTsquery(param(text.without))}`, direction: 'asc' }]
  // Searched with any of its words, the products whose name ends in the last come before those with more
  // of the words elsewhere (the typos' count counts a missing word as a typo); they are what it names.
  const lastHead: RankTerm[] =
    text.lastHead === ''
      ? []
      : [
          {
            value: sql`${products.searchNameHead} @@ ${onceTsquery(param(text.lastHead))}`,
            direction: 'desc',
            names: true,
          },
        ]
  // The things a list names, or a meal's parts, take turns, each found in the name or aisle ("bread and
  // milk": a loaf, a milk, a loaf…); a product named for none of them comes after. Built only for such a
  // text, as each thing's tsquery is a value bound to the statement.
  const listTurns = (): RankTerm[] => {
    const listed = sql`(case ${sql.join(
      text.turns.map(
        (thing, i) => sql`when ${vector} @@ ${onceTsquery(param(thing))} then ${sql.raw(String(i))}`,
      ),
      sql` `,
    )} end)`
    return [
      { value: listed, direction: 'asc', interleave: true },
      { value: sql`${listed} is not null`, direction: 'desc', names: true },
    ]
  }
  const turns = text.turns.length > 1 ? listTurns() : []
  // What the thing is for, said anywhere: "rice for risotto" lists Arborio Risotto Rice before Long Grain.
  const purpose: RankTerm[] =
    text.purpose === ''
      ? []
      : [{ value: sql`${vector} @@ ${onceTsquery(param(text.purpose))}`, direction: 'desc' }]
  // A list's products named for every word are what it names ("salt and vinegar crisps"), as are those of
  // a category named for every word ("tea and coffee"), not those with every word in the name or aisle
  // together: Butter Naan of the Bread aisle is not bread and butter.
  const wholeOwnName: RankTerm = {
    value: sql`(${wholeName} and ${own})`,
    direction: 'desc',
    ...(text.list && !text.anyWord ? { names: true as const } : {}),
  }
  const nameOrAisle: RankTerm = {
    value: sql`${vector} @@ ${onceTsquery(param(text.nameOrAisle))}`,
    direction: 'desc',
    ...(text.list ? {} : { names: true as const }),
  }
  // The name's last word one of the words: the product is the thing named. Of a list's turns, the first
  // thing to judge by: Irish Soda Bread is bread before Butter Naan, which holds both words.
  const head: RankTerm = {
    value: sql`(${products.searchNameHead} @@ ${onceTsquery(param(text.head))} and ${own})`,
    direction: 'desc',
  }
  return [
    ...without,
    {
      value: sql`${products.searchName} = any(${onceArray(param(arrayLiteral(text.names)))}::text[])`,
      direction: 'desc',
    },
    // The aisle the text names: all of it when that is the aisle's whole name ("fruit": Fruits), and of
    // an aisle of several things ("cream": Milk & Cream) the products named for the text. A list that
    // names an aisle ("vegetables and fruits") is that aisle before its things take turns.
    {
      value: sql`(${namesAisle} and (cardinality(${categories.aisleNames}) = 1 or ${wholeName}))`,
      direction: 'desc',
    },
    wholeOwnName,
    ...purpose,
    ...turns,
    ...(turns.length > 0 ? [head] : []),
    // Then the rest of such an aisle that is not named for another of its things: Barista Oat Drink for
    // "cream" is in Milk & Cream, Whole Milk is not what the text names.
    {
      value: sql`(${namesAisle} and not ${products.searchNameVector} @@ ${categories.aisleQuery})`,
      direction: 'desc',
    },
    ...lastHead,
    { value: sql`${sql.join(typos, sql` + `)}`, direction: 'asc' },
    ...namePhrase,
    { value: nameWords, direction: 'desc' },
    nameOrAisle,
    ...(text.list ? [] : lastInName),
    ...(turns.length > 0 ? [] : [head]),
    { value: inName, direction: 'desc' },
    {
      value: sql`${categories.searchVector} @@ ${onceTsquery(param(text.categoryAll))}`,
      direction: 'desc',
      ...(text.list && !text.anyWord ? { names: true as const } : {}),
    },
    { value: sql`${sql.join(weight, sql` + `)}`, direction: 'desc' },
    { value: sql`${products.qty} > 0`, direction: 'desc' },
  ]
}

const exactColumns = {
  categoryL1: categories.l1,
  categoryL2: categories.l2,
  categoryL3: categories.l3,
  vendorID: products.vendorId,
  vendorCity: shops.city,
  vendorCompanyName: shops.companyName,
  status: products.status,
} satisfies Record<string, Column>

const rangeColumns = { salePrice: products.salePricePence, qty: products.qty } satisfies Record<
  string,
  Column
>

/** Turns the tree into SQL; `param` puts a value into the filter and answers its placeholder. */
class Compiler {
  /** Whether the filter compiled so far reads stock (`qty`), which orders change without a listing change. */
  readsStock = false
  /** Whether the filter compiled so far matches product names by a pattern (SearchFilter.matchesName). */
  matchesName = false

  /** `nameText`: that text compiles to its given name match instead of its match in the whole document. */
  constructor(
    private readonly param: (value: unknown) => SQL,
    private readonly texts: ReadonlyMap<TextNode, ExpandedText>,
    private readonly nameText?: { node: TextNode; match: SQL },
  ) {}

  /**
   * `ignored` is what a bare term with nothing searchable in it evaluates to: the identity of the operator
   * around it (true under AND and at the top, false under OR), so `fish and chips` means `fish chips` and
   * `cheddar OR the` means `cheddar`.
   */
  node(node: PlannedNode, ignored: boolean): SQL {
    switch (node.kind) {
      case 'term':
        return this.term(node, ignored)
      case 'text':
        return this.text(node, ignored)
      case 'range':
        return this.range(node)
      case 'not':
        // IS NOT TRUE rather than NOT: a clause that is unknown (NULL, from a product without a shop) is false.
        return sql`((${this.node(node.child, !ignored)}) is not true)`
      case 'and':
        return sql`(${sql.join(
          node.children.map((child) => this.node(child, true)),
          sql` and `,
        )})`
      case 'or':
        return sql`(${sql.join(
          node.children.map((child) => this.node(child, false)),
          sql` or `,
        )})`
    }
  }

  private term(term: SearchTerm, ignored: boolean): SQL {
    switch (term.field) {
      case null:
        return this.phrase(term, ignored)
      case 'productName':
        this.matchesName = true
        return this.textMatch(products.productName, term)
      case 'productDescription':
        return this.textMatch(products.productDescription, term)
      case 'isFree':
        return sql`${products.isFree} = ${this.param(booleanValue(term))}`
      case 'id':
        return sql`${products.id} = ${this.param(idValue(term))}`
      case 'salePrice':
      case 'qty':
        if (term.field === 'qty') this.readsStock = true
        return sql`${rangeColumns[term.field]} = ${this.param(numberValue(term.field, term.value))}`
      case 'status':
        if (!term.prefix && !term.pattern && term.fuzzy === null) return this.statusMatch(term.value)
        return this.exactMatch(exactColumns.status, term)
      default:
        return this.exactMatch(exactColumns[term.field], term)
    }
  }

  /** Bare words: the engine's tsquery over the search document. */
  private text(node: TextNode, ignored: boolean): SQL {
    if (node === this.nameText?.node) return this.nameText.match
    const text = this.texts.get(node)
    if (text === undefined || text.empty) return ignored ? sql`true` : sql`false`
    if (text.impossible) return sql`false`
    if (text.stopWordsChecked) return sql`${products.searchVector} @@ ${onceTsquery(this.param(text.match))}`
    const query = tsquery(this.param(text.match))
    const match = sql`${products.searchVector} @@ ${query}`
    // An empty tsquery (numnode = 0: only stop words) already matches nothing.
    return ignored ? sql`(numnode(${query}) = 0 or ${match})` : match
  }

  /**
   * A bare quoted phrase: its words side by side in that order, stemmed, accents ignored; with a trailing
   * `*` its last word is a prefix (`"mature ched*"`).
   */
  private phrase(term: SearchTerm, ignored: boolean): SQL {
    const query = term.prefix
      ? tsquery(this.param(prefixQuery(term.value)))
      : sql`phraseto_tsquery('larder_search', ${this.param(term.value)})`
    const match = sql`${products.searchVector} @@ ${query}`
    return ignored ? sql`(numnode(${query}) = 0 or ${match})` : match
  }

  private range(range: SearchRange): SQL {
    if (range.field === 'qty') this.readsStock = true
    const column = rangeColumns[range.field]
    const { lower, upper } = rangeValues(range)
    const bounds: SQL[] = []
    if (lower !== null)
      bounds.push(sql`${column} ${sql.raw(range.includeLower ? '>=' : '>')} ${this.param(lower)}`)
    if (upper !== null)
      bounds.push(sql`${column} ${sql.raw(range.includeUpper ? '<=' : '<')} ${this.param(upper)}`)
    // `[* TO *]`: any value, as Lucene reads it; a missing price is not a value.
    if (bounds.length === 0) return sql`${column} is not null`
    return sql`(${sql.join(bounds, sql` and `)})`
  }

  private exactMatch(column: Column, term: SearchTerm): SQL {
    if (term.pattern) return sql`lower(${column}) like lower(${this.param(likeOf(term.pattern))})`
    if (term.fuzzy !== null) {
      const edits = term.fuzzy
      return sql`levenshtein_less_equal(lower(${column}), lower(${this.param(term.value)}), ${sql.raw(String(edits))}) <= ${sql.raw(String(edits))}`
    }
    if (term.prefix) return sql`lower(${column}) like lower(${this.param(`${escapeLike(term.value)}%`)})`
    return sql`lower(${column}) = lower(${this.param(term.value)})`
  }

  /**
   * Statuses are a closed set of upper-case words, so matching the value against that set here is the same
   * case-insensitive comparison and lets PostgreSQL use the index on products.status.
   */
  private statusMatch(value: string): SQL {
    const status = PRODUCT_STATUSES.find((s) => s.toLowerCase() === value.toLowerCase())
    return status === undefined ? sql`false` : sql`${products.status} = ${this.param(status)}`
  }

  private textMatch(column: Column, term: SearchTerm): SQL {
    if (term.pattern) return sql`${column} ~* ${this.param(`\\m${regexOf(term.pattern)}\\M`)}`
    if (term.fuzzy !== null) {
      // A word of the field within the edits of the typed word: the catalogue's words that are, as a regex.
      const word = this.param(normalizeWord(term.value))
      const edits = sql.raw(String(term.fuzzy))
      return sql`search_normalize(${column}) ~ ('\\m(' || (select string_agg(w.word, '|') from search_words w
        where abs(length(w.word) - length(${word})) <= ${edits}
          and levenshtein_less_equal(${word}, w.word, ${edits}) <= ${edits}) || ')\\M')`
    }
    if (term.prefix) return sql`${column} ~* ${this.param(`\\m${escapeRegex(term.value)}`)}`
    return sql`${column} ilike ${this.param(`%${escapeLike(term.value)}%`)}`
  }
}

/** One quoted tsquery lexeme with prefix matching; inside the quotes only `'` and `\` are special. */
const prefixQuery = (value: string) => `'${value.replace(/['\\]/g, (c) => (c === "'" ? "''" : '\\\\'))}':*`

/** Backslash is LIKE's default escape character (standard_conforming_strings is on). */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A backslash before ASCII punctuation always means the literal character in PostgreSQL regexes. */
const escapeRegex = (value: string) => value.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)

const likeOf = (parts: WildcardPart[]) =>
  parts.map((part) => (part === '*' ? '%' : part === '?' ? '_' : escapeLike(part.text))).join('')

/** Within one word, as Lucene's wildcards are. */
const regexOf = (parts: WildcardPart[]) =>
  parts
    .map((part) => (part === '*' ? '[[:alnum:]]*' : part === '?' ? '[[:alnum:]]' : escapeRegex(part.text)))
    .join('')
