import type { SearchHelp } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export function getSearchHelp(text: string, { signal }: { signal?: AbortSignal } = {}): Promise<SearchHelp> {
  return api.get<SearchHelp>('/api/public/_search/help', { query: { text }, signal })
}

export const searchHelpQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['search-help', text.trim().toLowerCase()],
    queryFn: ({ signal }) => getSearchHelp(text.trim(), { signal }),
  })

/** Names, categories and shops close to a search that found nothing; asked only when `enabled`. */
export function useSearchHelp(text: string, enabled: boolean) {
  return useQuery({ ...searchHelpQueryOptions(text), enabled: enabled && text.trim() !== '' })
}
