/**
 * Compiles a search expression (Lucene syntax, see search-parser.ts) into a parameterised WHERE clause over
 * `products` joined with `categories` and left-joined with `shops` (catalog.repository.ts).
 *
 * - categoryL1-3, vendorID, vendorCity, vendorCompanyName, status: exact match, case-insensitive
 *   (`lower(col) = lower($1)`; status is looked up in its closed set first so that its index can serve it).
 *   A value ending in `*` (quoted or not: `categoryL1:"Fre*"`) is a prefix match
 *   (`lower(col) LIKE lower($1)`, with `%`, `_` and `\` escaped and `%` appended).
 * - productName, productDescription: `field:ab*` / `field:"ab*"` matches when any word of the field starts
 *   with "ab" (`col ~* '\mab'`, regex characters escaped, served by the trigram index on product_name);
 *   without the star, `field:term` / `field:"some phrase"` is a case-insensitive substring match (`ILIKE`).
 * - isFree: `true` or `false`, any case. id: a positive integer that fits in int4.
 * - Bare words and phrases search name and description through `products.search_vector` (english):
 *   `word` uses plainto_tsquery, `"a phrase"` phraseto_tsquery, and `wor*` matches words starting with "wor"
 *   (the prefix taken as typed and as stemmed, so `on*` finds "onion" and `cheeses*` finds "cheese"). A bare
 *   term with nothing searchable in it (a stop word such as "and", or punctuation) is left out: `fish and
 *   chips` = `fish chips`, `cheddar OR the` = `cheddar`, and a query of only such terms matches everything.
 * - `*` is a wildcard only at the end of a term (`\*` is a literal star); `?` is an ordinary character.
 * - AND / `&&`, OR / `||`, NOT, `-x` and `!x` (negation), `+x` (required, the same as plain x), parentheses,
 *   `field:(a OR b)`. Clauses side by side are ANDed; AND binds tighter than OR; a leading NOT negates the
 *   clause after it. A negated clause is true when the clause is false or unknown (a product with no shop
 *   matches `-vendorCity:Ealing`).
 * - Boosts (`term^2`) are accepted and ignored. Errors: unknown fields, syntax errors (with a 1-based
 *   position), more than MAX_QUERY_LENGTH characters or MAX_QUERY_CLAUSES terms, nesting deeper than
 *   MAX_NESTING, ranges, regular expressions, fuzzy and proximity searches, empty queries and values.
 */
import { sql, type Column, type SQL } from 'drizzle-orm'
import { MAX_QUERY_LENGTH, PRODUCT_STATUSES } from '@larder/shared'
import { categories, products, shops } from '../../db/schema'
import { parseSearch, SearchQueryError, type SearchNode, type SearchTerm } from './search-parser'

export type CompiledSearch = { ok: true; where: SQL } | { ok: false; message: string }

const INT4_MAX = 2_147_483_647

export function compileSearch(query: string): CompiledSearch {
  try {
    if (query.length > MAX_QUERY_LENGTH) return fail(`query is longer than ${MAX_QUERY_LENGTH} characters`)
    if (query.trim() === '') return fail('query is empty')
    // PostgreSQL text cannot hold NUL, so such a value would fail in the database instead of here.
    if (query.includes('\0')) return fail('query contains a NUL character')
    return { ok: true, where: compileNode(parseSearch(query), true) }
  } catch (error) {
    if (error instanceof SearchQueryError) return fail(error.message)
    if (error instanceof RangeError) return fail('query is too deeply nested')
    return fail('query could not be understood')
  }
}

const fail = (message: string): CompiledSearch => ({ ok: false, message })

/**
 * `ignored` is what a bare term with nothing searchable in it evaluates to: the identity of the operator
 * around it (true under AND and at the top, false under OR), so `fish and chips` means `fish chips` and
 * `cheddar OR the` means `cheddar`.
 */
function compileNode(node: SearchNode, ignored: boolean): SQL {
  switch (node.kind) {
    case 'term':
      return compileTerm(node, ignored)
    case 'not':
      // IS NOT TRUE rather than NOT: a clause that is unknown (NULL, from a product without a shop) is false.
      return sql`((${compileNode(node.child, !ignored)}) is not true)`
    case 'and':
      return sql`(${sql.join(
        node.children.map((child) => compileNode(child, true)),
        sql` and `,
      )})`
    case 'or':
      return sql`(${sql.join(
        node.children.map((child) => compileNode(child, false)),
        sql` or `,
      )})`
  }
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

function compileTerm(term: SearchTerm, ignored: boolean): SQL {
  switch (term.field) {
    case null:
      return fullText(term, ignored)
    case 'productName':
      return textMatch(products.productName, term)
    case 'productDescription':
      return textMatch(products.productDescription, term)
    case 'isFree':
      return sql`${products.isFree} = ${booleanValue(term)}`
    case 'id':
      return sql`${products.id} = ${idValue(term)}`
    case 'status':
      if (!term.prefix) return statusMatch(term.value)
      return exactMatch(exactColumns.status, term)
    default:
      return exactMatch(exactColumns[term.field], term)
  }
}

function exactMatch(column: Column, term: SearchTerm): SQL {
  if (term.prefix) return sql`lower(${column}) like lower(${`${escapeLike(term.value)}%`})`
  return sql`lower(${column}) = lower(${term.value})`
}

/**
 * Statuses are a closed set of upper-case words, so matching the value against that set here is the same
 * case-insensitive comparison and lets PostgreSQL use the index on products.status.
 */
function statusMatch(value: string): SQL {
  const status = PRODUCT_STATUSES.find((s) => s.toLowerCase() === value.toLowerCase())
  return status === undefined ? sql`false` : sql`${products.status} = ${status}`
}

function textMatch(column: Column, term: SearchTerm): SQL {
  if (term.prefix) return sql`${column} ~* ${`\\m${escapeRegex(term.value)}`}`
  return sql`${column} ilike ${`%${escapeLike(term.value)}%`}`
}

function fullText(term: SearchTerm, ignored: boolean): SQL {
  const query = term.prefix
    ? sql`(to_tsquery('simple', ${prefixQuery(term.value)}) || to_tsquery('english', ${prefixQuery(term.value)}))`
    : term.quoted
      ? sql`phraseto_tsquery('english', ${term.value})`
      : sql`plainto_tsquery('english', ${term.value})`
  const match = sql`${products.searchVector} @@ ${query}`
  // An empty tsquery (numnode = 0: only stop words or punctuation) already matches nothing.
  return ignored ? sql`(numnode(${query}) = 0 or ${match})` : match
}

/** One quoted tsquery lexeme with prefix matching; inside the quotes only `'` and `\` are special. */
const prefixQuery = (value: string) => `'${value.replace(/['\\]/g, (c) => (c === "'" ? "''" : '\\\\'))}':*`

/** Backslash is LIKE's default escape character (standard_conforming_strings is on). */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A backslash before ASCII punctuation always means the literal character in PostgreSQL regexes. */
const escapeRegex = (value: string) => value.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)

function booleanValue(term: SearchTerm): boolean {
  const value = term.prefix ? `${term.value}*` : term.value
  if (/^true$/i.test(value)) return true
  if (/^false$/i.test(value)) return false
  throw new SearchQueryError(`isFree must be "true" or "false", not "${value}"`)
}

function idValue(term: SearchTerm): number {
  const value = term.prefix ? `${term.value}*` : term.value
  const id = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN
  if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) {
    throw new SearchQueryError(`id must be a whole number from 1 to ${INT4_MAX}, not "${value}"`)
  }
  return id
}
