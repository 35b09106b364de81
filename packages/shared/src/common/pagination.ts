export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
/** The highest zero-based page the API reads (a `page` parameter of up to nine digits). */
export const MAX_PAGE = 999_999_999

export const SORT_FIELDS = ['dateCreated', 'salePrice', 'productName', 'id'] as const
export type SortField = (typeof SORT_FIELDS)[number]
export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]

export const lastPage = (total: number, size: number): number => Math.ceil(total / size)

/**
 * Up to `max` zero-based page numbers around `current`, with null marking a '...' gap
 * where pages are left out at either end.
 */
export function paginationWindow(current: number, pageCount: number, max = 5): (number | null)[] {
  if (pageCount <= 0) return []
  const width = Math.min(max, pageCount)
  const start = Math.min(Math.max(0, current - Math.floor(width / 2)), pageCount - width)
  const pages: (number | null)[] = Array.from({ length: width }, (_, i) => start + i)
  if (start > 0) pages.unshift(null)
  if (start + width < pageCount) pages.push(null)
  return pages
}
