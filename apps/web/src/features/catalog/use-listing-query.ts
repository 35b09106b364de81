import { useCallback } from 'react'
import { parsePageParam } from '../../lib/page-param'
import { useSearchParams } from '../../framework/routing/router'
import type { ProductFilter } from './api/get-products'

export type PriceFilter = NonNullable<ProductFilter['free']>

/** The URL values of the filter buttons; 'all' is the absence of the parameter. */
const FILTER_PARAM: Record<Exclude<PriceFilter, 'all'>, string> = { free: 'free', paid: 'paid' }

function parseFilter(value: string | null): PriceFilter {
  if (value === FILTER_PARAM.free) return 'free'
  if (value === FILTER_PARAM.paid) return 'paid'
  return 'all'
}

/**
 * The listing's search text, price filter, shop filters and page, kept in the query string
 * (`?search=&filter=free&town=Harrow&shop=…&page=3`) so that a listing can be shared and the back button
 * steps through it.
 */
export function useListingQuery() {
  const [params, setParams] = useSearchParams()
  const search = params.get('search')?.trim() ?? ''
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

  return { search, filter, town, shop, page, setFilter, setTown, setShop, setPage, clearSearch }
}
