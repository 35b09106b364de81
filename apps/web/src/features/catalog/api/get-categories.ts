import type { Category } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export function getCategories({ signal }: { signal?: AbortSignal } = {}): Promise<Category[]> {
  return api.get<Category[]>('/api/public/categories', { signal })
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories({ signal }),
    // The tree changes when a shop edits its range, not while someone browses.
    staleTime: 10 * 60_000,
  })

export function useCategories() {
  return useQuery(categoriesQueryOptions())
}

/** Categories with a blank name are hidden everywhere (spec section 5, display rules). */
export function visibleCategories(categories: readonly Category[]): Category[] {
  return categories.filter((category) => category.categoryName.trim() !== '')
}
