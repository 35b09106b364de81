import { MAX_QUERY_LENGTH } from '@larder/shared'
import {
  parseSearch,
  SearchQueryError,
  type RangeField,
  type SearchNode,
  type SearchRange,
  type SearchTerm,
} from './search-parser'

const INT4_MAX = 2_147_483_647

declare const checked: unique symbol

/**
 * A search expression that parsed and whose values suit their fields: the only form the catalogue service
 * and repository take, so compiling one into SQL (search-compiler.ts) cannot fail.
 */
export interface SearchQuery {
  readonly tree: SearchNode
  readonly [checked]: true
}

export type ParsedSearch = { ok: true; query: SearchQuery } | { ok: false; message: string }

/** Reads `?query=`: a query, or the message of the first thing wrong with it, safe to show. */
export function parseSearchQuery(text: string): ParsedSearch {
  try {
    if (text.length > MAX_QUERY_LENGTH) return fail(`query is longer than ${MAX_QUERY_LENGTH} characters`)
    if (text.trim() === '') return fail('query is empty')
    // PostgreSQL text cannot hold NUL, so such a value would fail in the database instead of here.
    if (text.includes('\0')) return fail('query contains a NUL character')
    const tree = parseSearch(text)
    checkValues(tree)
    return { ok: true, query: { tree } as SearchQuery }
  } catch (error) {
    if (error instanceof SearchQueryError) return fail(error.message)
    if (error instanceof RangeError) return fail('query is too deeply nested')
    return fail('query could not be understood')
  }
}

const fail = (message: string): ParsedSearch => ({ ok: false, message })

/** Left to right, as the terms are written, so the first bad value is the one reported. */
function checkValues(node: SearchNode): void {
  switch (node.kind) {
    case 'term':
      if (node.fuzzy !== null && node.field !== null && !FUZZY_FIELDS.has(node.field))
        throw new SearchQueryError(`fuzzy search (~) is not supported on ${node.field}`)
      if (node.field === 'isFree') booleanValue(node)
      if (node.field === 'id') idValue(node)
      if (node.field === 'salePrice' || node.field === 'qty') numberValue(node.field, literal(node))
      return
    case 'range':
      rangeValues(node)
      return
    case 'not':
      return checkValues(node.child)
    case 'and':
    case 'or':
      return node.children.forEach(checkValues)
  }
}

/** Fields whose words can be matched within a few edits (`productName:chedar~`). */
const FUZZY_FIELDS: ReadonlySet<string> = new Set([
  'productName',
  'productDescription',
  'categoryL1',
  'categoryL2',
  'categoryL3',
  'vendorCity',
  'vendorCompanyName',
])

/** The term as typed, wildcards included. */
const literal = (term: SearchTerm) => (term.prefix ? `${term.value}*` : term.value)

/** A price in pounds as whole pence, or a stock count; both whole, non-negative and within int4. */
export function numberValue(field: RangeField, text: string): number {
  const value = text.trim()
  if (field === 'salePrice') {
    const pounds = /^\d{1,8}(\.\d{1,2})?$/.test(value) ? Number(value) : NaN
    if (Number.isNaN(pounds))
      throw new SearchQueryError(`salePrice must be an amount in pounds such as 2 or 2.50, not "${text}"`)
    return Math.round(pounds * 100)
  }
  const count = /^\d{1,9}$/.test(value) ? Number(value) : NaN
  if (Number.isNaN(count)) throw new SearchQueryError(`qty must be a whole number, not "${text}"`)
  return count
}

export interface RangeBounds {
  lower: number | null
  upper: number | null
}

/** The range's bounds in the column's unit (pence for salePrice), null for an open end. */
export function rangeValues(range: SearchRange): RangeBounds {
  const lower = range.lower === null ? null : numberValue(range.field, range.lower)
  const upper = range.upper === null ? null : numberValue(range.field, range.upper)
  return { lower, upper }
}

export function booleanValue(term: SearchTerm): boolean {
  const value = term.prefix ? `${term.value}*` : term.value
  if (/^true$/i.test(value)) return true
  if (/^false$/i.test(value)) return false
  throw new SearchQueryError(`isFree must be "true" or "false", not "${value}"`)
}

export function idValue(term: SearchTerm): number {
  const value = term.prefix ? `${term.value}*` : term.value
  const id = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN
  if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) {
    throw new SearchQueryError(`id must be a whole number from 1 to ${INT4_MAX}, not "${value}"`)
  }
  return id
}
