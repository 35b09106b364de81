import { useCallback } from 'react'
import { textWords } from '@larder/shared'
import { parsePageParam } from '../../lib/page-param'
import { useSearchParams } from '../../framework/routing/router'
import type { ProductFilter } from './api/get-products'

export type PriceFilter = NonNullable<ProductFilter['free']>

/** What a listing's query string holds, page zero-based. */
export interface ListingState {
  search: string
  filter: PriceFilter | undefined
  town: string
  shop: string
  page: number
}

/** The URL values of the filter buttons; 'all' is the absence of the parameter. */
const FILTER_PARAM: Record<Exclude<PriceFilter, 'all'>, string> = { free: 'free', paid: 'paid' }

function parseFilter(value: string | null): PriceFilter {
  if (value === FILTER_PARAM.free) return 'free'
  if (value === FILTER_PARAM.paid) return 'paid'
  return 'all'
}

/**
 * The address of a listing at `pathname` in the given state, with only the parameters that differ from
 * their defaults, in a fixed order: the one address of what it shows (its canonical link), and the target
 * of the links that change one of them (pages, filters).
 */
export function listingHref(pathname: string, { search, filter, town, shop, page }: ListingState): string {
  const params = new URLSearchParams()
  if (search !== '') params.set('search', search)
  if (filter !== undefined && filter !== 'all') params.set('filter', FILTER_PARAM[filter])
  if (town !== '') params.set('town', town)
  if (shop !== '') params.set('shop', shop)
  if (page > 0) params.set('page', String(page + 1))
  const query = params.toString()
  return query === '' ? pathname : `${pathname}?${query}`
}

/**
 * The listing's search text, price filter, shop filters and page, kept in the query string
 * (`?search=&filter=free&town=Harrow&shop=…&page=3`) so that a listing can be shared and the back button
 * steps through it.
 */
export function useListingQuery() {
  const [params, setParams] = useSearchParams()
  const typedSearch = params.get('search')?.trim() ?? ''
  // The search adds its own `*` to the name typed (shared/catalog/search.ts), so trailing ones are
  // dropped, and `*` alone is no search at all, nor is text with no letter or digit the catalogue's words
  // are made of ("牛奶", an emoji): the listing says so rather than titling every product "Results for
  // “*”".
  const stripped = typedSearch.replace(/[\s*]+$/, '')
  const search = textWords(stripped).length > 0 ? stripped : ''
  const ignoredSearch = search === '' && typedSearch !== '' ? typedSearch : ''
  const filter = parseFilter(params.get('filter'))
  const page = parsePageParam(params.get('page'))
  const town = params.get('town')?.trim() ?? ''
  const shop = params.get('shop')?.trim() ?? ''

  const update = useCallback(
    (change: (next: URLSearchParams) => void, options?: { selfScroll?: boolean }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          change(next)
          return next
        },
        options?.selfScroll ? { state: { selfScroll: true } } : undefined,
      ),
    [setParams],
  )

  const setFilter = useCallback(
    (value: PriceFilter) =>
      update((next) => {
        if (value === 'all') next.delete('filter')
        else next.set('filter', FILTER_PARAM[value])
        // Another filter means another set of pages: start again from the first.
        next.delete('page')
      }),
    [update],
  )

  /** Sets or (with '') removes one of the text filters, starting again from the first page. */
  const setTextFilter = useCallback(
    (name: 'town' | 'shop', value: string) =>
      update((next) => {
        if (value === '') next.delete(name)
        else next.set(name, value)
        next.delete('page')
      }),
    [update],
  )
  const setTown = useCallback((value: string) => setTextFilter('town', value), [setTextFilter])
  const setShop = useCallback((value: string) => setTextFilter('shop', value), [setTextFilter])

  const setPage = useCallback(
    (value: number) =>
      update(
        (next) => {
          if (value <= 0) next.delete('page')
          else next.set('page', String(value + 1))
        },
        { selfScroll: true },
      ),
    [update],
  )

  const clearSearch = useCallback(
    () =>
      update((next) => {
        next.delete('search')
        next.delete('page')
      }),
    [update],
  )

  return {
    search,
    ignoredSearch,
    filter,
    town,
    shop,
    page,
    setFilter,
    setTown,
    setShop,
    setPage,
    clearSearch,
  }
}
