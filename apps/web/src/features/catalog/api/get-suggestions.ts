import { searchExpression, type Product } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** At most five suggestions. */
export const SUGGESTION_COUNT = 5

export function getSuggestions(text: string, { signal }: { signal?: AbortSignal } = {}): Promise<Product[]> {
  const query = searchExpression({ text })
  if (query === null) return Promise.resolve([])
  // The same engine and order as the results page: free text, by relevance, the last word a prefix.
  return api.get<Product[]>('/api/public/_search/products', {
    query: { query, page: 0, size: SUGGESTION_COUNT },
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

/** The best five products for typed text; pass already-debounced text. */
export function useSuggestions(text: string) {
  return useQuery(suggestionsQueryOptions(text))
}
