/**
 * Compiles a checked search expression (Lucene syntax: search-parser.ts, search-query.ts) into a WHERE
 * clause over `products` joined with `categories` and left-joined with `shops` (catalog.repository.ts), with
 * every value a named placeholder, so that the repository can prepare one statement per shape.
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
 * - Boosts (`term^2`) are accepted and ignored. Errors (search-query.ts, before compiling): unknown fields,
 *   syntax errors (with a 1-based position), more than MAX_QUERY_LENGTH characters or MAX_QUERY_CLAUSES
 *   terms, nesting deeper than MAX_NESTING, ranges, regular expressions, fuzzy and proximity searches,
 *   empty queries and values, isFree and id values of the wrong kind.
 */
import { sql, type Column, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { PRODUCT_STATUSES } from '@larder/shared'
import { DB_CASING } from '../../../db/client'
import { categories, products, shops } from '../../../db/schema'
import type { SearchNode, SearchTerm } from './search-parser'
import { booleanValue, idValue, type SearchQuery } from './search-query'

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
}

/** Must render columns exactly as the database's own dialect does, or the key would name other columns. */
const dialect = new PgDialect({ casing: DB_CASING })

export function compileSearch(query: SearchQuery): SearchFilter {
  const values: Record<string, unknown> = {}
  const param = (value: unknown): SQL => {
    const name = `f${Object.keys(values).length}`
    values[name] = value
    return sql`${sql.placeholder(name)}`
  }
  const where = new Compiler(param).node(query.tree, true)
  return { key: dialect.sqlToQuery(where).sql, where, values }
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

/** Turns the tree into SQL; `param` puts a value into the filter and answers its placeholder. */
class Compiler {
  constructor(private readonly param: (value: unknown) => SQL) {}

  /**
   * `ignored` is what a bare term with nothing searchable in it evaluates to: the identity of the operator
   * around it (true under AND and at the top, false under OR), so `fish and chips` means `fish chips` and
   * `cheddar OR the` means `cheddar`.
   */
  node(node: SearchNode, ignored: boolean): SQL {
    switch (node.kind) {
      case 'term':
        return this.term(node, ignored)
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
        return this.fullText(term, ignored)
      case 'productName':
        return this.textMatch(products.productName, term)
      case 'productDescription':
        return this.textMatch(products.productDescription, term)
      case 'isFree':
        return sql`${products.isFree} = ${this.param(booleanValue(term))}`
      case 'id':
        return sql`${products.id} = ${this.param(idValue(term))}`
      case 'status':
        if (!term.prefix) return this.statusMatch(term.value)
        return this.exactMatch(exactColumns.status, term)
      default:
        return this.exactMatch(exactColumns[term.field], term)
    }
  }

  private exactMatch(column: Column, term: SearchTerm): SQL {
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
    if (term.prefix) return sql`${column} ~* ${this.param(`\\m${escapeRegex(term.value)}`)}`
    return sql`${column} ilike ${this.param(`%${escapeLike(term.value)}%`)}`
  }

  private fullText(term: SearchTerm, ignored: boolean): SQL {
    const prefix = term.prefix ? this.param(prefixQuery(term.value)) : undefined
    const query = prefix
      ? sql`(to_tsquery('simple', ${prefix}) || to_tsquery('english', ${prefix}))`
      : term.quoted
        ? sql`phraseto_tsquery('english', ${this.param(term.value)})`
        : sql`plainto_tsquery('english', ${this.param(term.value)})`
    const match = sql`${products.searchVector} @@ ${query}`
    // An empty tsquery (numnode = 0: only stop words or punctuation) already matches nothing.
    return ignored ? sql`(numnode(${query}) = 0 or ${match})` : match
  }
}

/** One quoted tsquery lexeme with prefix matching; inside the quotes only `'` and `\` are special. */
const prefixQuery = (value: string) => `'${value.replace(/['\\]/g, (c) => (c === "'" ? "''" : '\\\\'))}':*`

/** Backslash is LIKE's default escape character (standard_conforming_strings is on). */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A backslash before ASCII punctuation always means the literal character in PostgreSQL regexes. */
const escapeRegex = (value: string) => value.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)
