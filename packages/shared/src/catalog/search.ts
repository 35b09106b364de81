import { textWords } from './search-text'

/**
 * Fields a search expression may name. The server compiles only these; the web app builds its
 * expressions with `searchExpression` so both sides agree on the syntax.
 */
export const SEARCH_FIELDS = [
  'productName',
  'productDescription',
  'categoryL1',
  'categoryL2',
  'categoryL3',
  'vendorID',
  'vendorCity',
  'vendorCompanyName',
  'isFree',
  'status',
  'id',
  'salePrice',
  'qty',
] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

/**
 * A search's reply header: its free text as the search read it, percent-encoded, when it read a typed word
 * as another ("milk" for "nilk"); absent when it read every word as typed.
 */
export const SEARCH_READ_AS_HEADER = 'X-Search-Read-As'

export const MAX_QUERY_LENGTH = 500
export const MAX_QUERY_CLAUSES = 20

/**
 * The longest term a search box sends: longer than any product, shop or town name, and short enough that
 * a query of every field the listing combines stays within MAX_QUERY_LENGTH.
 */
export const MAX_TERM_LENGTH = 100

/**
 * Quotes a value as a Lucene phrase that matches it literally: quotes and backslashes are escaped, and so
 * is `*`, which would otherwise make a shopper's "*" a (refused) prefix search of nothing.
 */
export const quoteTerm = (value: string): string => `"${escapeTerm(value)}"`

const escapeTerm = (value: string): string => value.replace(/[\\"*]/g, (c) => `\\${c}`)

/** Fields that take ranges (`salePrice:[1 TO 2]`) and numbers; salePrice is in pounds. */
export const RANGE_FIELDS = ['salePrice', 'qty'] as const satisfies readonly SearchField[]

export type SearchTerms = Partial<Record<SearchField, string | boolean>> & {
  productNamePrefix?: string
  /** What a shopper typed in a search box: searched as free text (bare words, the relevance engine). */
  text?: string
}

/** What a shopper typed, as a term: trimmed and cut to MAX_TERM_LENGTH. */
const typedTerm = (value: string): string => value.trim().slice(0, MAX_TERM_LENGTH).trim()

/**
 * Builds `(categoryL1:"x") AND (productName:"term*")` from the given fields, skipping blank ones.
 * A typed name prefix loses its trailing `*`s (the search adds its own), so "ched*" finds what "ched" does
 * and "*" alone searches nothing. Returns null when nothing is left to filter on.
 */
/**
 * Typed text as bare words: its words are letters and digits only (search-text.ts), so nothing in them is
 * Lucene syntax and no shopper's "and" or "-" becomes an operator. Text without any letter or digit ("*")
 * searches nothing, as a name prefix of only stars did.
 */
function freeText(value: string): string {
  return textWords(typedTerm(value)).join(' ')
}

export function searchExpression(terms: SearchTerms): string | null {
  const clauses: string[] = []
  for (const field of SEARCH_FIELDS) {
    const value = terms[field]
    if (value === undefined) continue
    const term = typedTerm(String(value))
    if (term !== '') clauses.push(`(${field}:${quoteTerm(term)})`)
  }
  const prefix = typedTerm((terms.productNamePrefix ?? '').replace(/[\s*]+$/, ''))
  if (prefix) clauses.push(`(productName:"${escapeTerm(prefix)}*")`)
  const text = freeText(terms.text ?? '')
  if (text) clauses.push(`(${text})`)
  return clauses.length > 0 ? clauses.join(' AND ') : null
}
