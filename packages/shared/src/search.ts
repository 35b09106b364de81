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
] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

export const MAX_QUERY_LENGTH = 500
export const MAX_QUERY_CLAUSES = 20

/** Quotes a value as a Lucene phrase, escaping the two characters that matter inside quotes. */
export const quoteTerm = (value: string): string => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`

export type SearchTerms = Partial<Record<SearchField, string | boolean>> & { productNamePrefix?: string }

/**
 * Builds `(categoryL1:"x") AND (productName:"term*")` from the given fields, skipping blank ones.
 * Returns null when nothing is left to filter on.
 */
export function searchExpression(terms: SearchTerms): string | null {
  const clauses: string[] = []
  for (const field of SEARCH_FIELDS) {
    const value = terms[field]
    if (value === undefined || String(value).trim() === '') continue
    clauses.push(`(${field}:${quoteTerm(String(value).trim())})`)
  }
  const prefix = terms.productNamePrefix?.trim()
  if (prefix) clauses.push(`(productName:${quoteTerm(`${prefix}*`)})`)
  return clauses.length > 0 ? clauses.join(' AND ') : null
}
