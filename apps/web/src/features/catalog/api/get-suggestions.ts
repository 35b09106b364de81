import { searchExpression, type Product } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** At most five suggestions. */
export const SUGGESTION_COUNT = 5

export function getSuggestions(text: string, { signal }: { signal?: AbortSignal } = {}): Promise<Product[]> {
  const query = searchExpression({ productNamePrefix: text })
  if (query === null) return Promise.resolve([])
  return api.get<Product[]>('/api/public/_search/products', {
    query: { query, page: 0, size: SUGGESTION_COUNT, sort: 'dateCreated,desc' },
    signal,
  })
}

export const suggestionsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['products', 'suggestions', text.trim().toLowerCase()],
    queryFn: ({ signal }) => getSuggestions(text.trim(), { signal }),
    // The call runs only for non-blank text.
    enabled: text.trim() !== '',
  })

/** Products with a word of the name starting with `text`; pass already-debounced text. */
export function useSuggestions(text: string) {
  return useQuery(suggestionsQueryOptions(text))
}
