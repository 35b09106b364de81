import { useCallback } from 'react'
import { parsePageParam } from '../../lib/page-param'
import { useSearchParams } from '../../framework/routing/router'

/** The mall's address at `pathname` with its search and (zero-based) page, leaving out the defaults. */
export function mallHref(pathname: string, { search, page }: { search: string; page: number }): string {
  const params = new URLSearchParams()
  if (search !== '') params.set('search', search)
  if (page > 0) params.set('page', String(page + 1))
  const query = params.toString()
  return query === '' ? pathname : `${pathname}?${query}`
}

/** The mall's name search and page, kept in the query string (`?search=bun&page=2`) to share and go back. */
export function useMallQuery() {
  const [params, setParams] = useSearchParams()
  const search = params.get('search')?.trim() ?? ''
  const page = parsePageParam(params.get('page'))
  const searching = params.has('search')

  const setSearch = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (value.trim() === '') next.delete('search')
          else next.set('search', value.trim())
          // New results start on their first page.
          next.delete('page')
          return next
        },
        // Typing shouldn't fill the history with one entry per pause, but the search's first pause is a step
        // of its own: Back then returns to the list (or category) from before the search.
        { replace: searching, state: { selfScroll: true } },
      ),
    [setParams, searching],
  )

  const setPage = useCallback(
    (value: number) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (value <= 0) next.delete('page')
          else next.set('page', String(value + 1))
          return next
        },
        { state: { selfScroll: true } },
      ),
    [setParams],
  )

  return { search, page, setSearch, setPage }
}
