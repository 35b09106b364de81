import { SEARCH_READ_AS_HEADER, searchExpression, type Product } from '@larder/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest, readTotal } from '../../../lib/api-client'

/** What a listing narrows the catalogue by; every field is optional and blank fields are ignored. */
export interface ProductFilter {
  l1?: string
  l2?: string
  l3?: string
  /** Typed text: searched as free text (bare words) and listed by relevance (docs/api.md). */
  search?: string
  vendorId?: string
  /** The shop's town and the shop's name (vendorCity and vendorCompanyName filters). */
  vendorCity?: string
  vendorCompanyName?: string
  free?: 'all' | 'free' | 'paid'
  status?: 'RATED'
  /** Left out of the page on the client: a product's related items must not list the product itself. */
  excludeId?: number
}

export interface ProductPage {
  products: Product[]
  total: number
  /** The searched text as the search read it, when it read a typed word as another ("milk" for "nilk"). */
  readAs?: string
}

/** The reply's X-Search-Read-As, percent-encoded by the server; a value that does not decode is left out. */
function readAsOf(headers: Headers): string | undefined {
  const value = headers.get(SEARCH_READ_AS_HEADER)
  if (value === null) return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

// Newest first (dateCreated descending). The id breaks ties so that no product appears on two pages.
const SORT = ['dateCreated,desc', 'id,desc'] as const

/** The search expression for a filter, or null when it filters nothing (then the plain list is used). */
export function productFilterExpression(filter: ProductFilter): string | null {
  return searchExpression({
    categoryL1: filter.l1,
    categoryL2: filter.l2,
    categoryL3: filter.l3,
    vendorID: filter.vendorId,
    vendorCity: filter.vendorCity,
    vendorCompanyName: filter.vendorCompanyName,
    isFree: filter.free === 'free' ? true : filter.free === 'paid' ? false : undefined,
    status: filter.status,
    text: filter.search,
  })
}

export async function getProducts(
  filter: ProductFilter,
  page: number,
  size: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductPage> {
  const expression = productFilterExpression(filter)
  // Searched text comes in relevance order, which is the server's when no sort is given.
  const searched = filter.search !== undefined && filter.search.trim() !== ''
  const { data, headers } = await apiRequest<Product[]>(
    expression === null ? '/api/public/products' : '/api/public/_search/products',
    { query: { query: expression ?? undefined, page, size, sort: searched ? undefined : SORT }, signal },
  )
  const total = readTotal(headers, data.length)
  const readAs = readAsOf(headers)
  if (filter.excludeId === undefined) return { products: data, total, ...(readAs ? { readAs } : {}) }
  const products = data.filter((product) => product.id !== filter.excludeId)
  return { products, total: total - (data.length - products.length) }
}

/** The key drops `excludeId`'s absence and blank fields, so equal filters share one cache entry. */
function filterKey(filter: ProductFilter) {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && String(value).trim() !== ''),
  )
}

export const productsQueryOptions = (filter: ProductFilter, page: number, size: number) =>
  queryOptions({
    queryKey: ['products', filterKey(filter), page, size],
    queryFn: ({ signal }) => getProducts(filter, page, size, { signal }),
  })

/** One page of products; the previous page stays on screen while the next one loads. */
export function useProducts(filter: ProductFilter, page: number, size = 20) {
  return useQuery({ ...productsQueryOptions(filter, page, size), placeholderData: keepPreviousData })
}
