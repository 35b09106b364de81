import type { Category } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

interface CategoriesRequest {
  /** Only the branches that hold a free product: the free mall offers nothing else. */
  freeOnly?: boolean
  signal?: AbortSignal
}

export function getCategories({ freeOnly = false, signal }: CategoriesRequest = {}): Promise<Category[]> {
  return api.get<Category[]>('/api/public/categories', {
    query: freeOnly ? { isFree: 'true' } : undefined,
    signal,
  })
}

export const categoriesQueryOptions = ({ freeOnly = false }: { freeOnly?: boolean } = {}) =>
  queryOptions({
    queryKey: ['categories', freeOnly ? 'free' : 'all'],
    queryFn: ({ signal }) => getCategories({ freeOnly, signal }),
    // The tree changes when a shop edits its range, not while someone browses.
    staleTime: 10 * 60_000,
  })

export function useCategories(options: { freeOnly?: boolean } = {}) {
  return useQuery(categoriesQueryOptions(options))
}

/** Categories with a blank name are hidden everywhere. */
export function visibleCategories(categories: readonly Category[]): Category[] {
  return categories.filter((category) => category.categoryName.trim() !== '')
}
