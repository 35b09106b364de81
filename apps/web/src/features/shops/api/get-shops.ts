import type { Shop } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export function getShops({ signal }: { signal?: AbortSignal } = {}): Promise<Shop[]> {
  return api.get<Shop[]>('/api/public/users', { signal })
}

export const shopsQueryOptions = () =>
  queryOptions({
    queryKey: ['shops'],
    queryFn: ({ signal }) => getShops({ signal }),
    // Shops join or change their details rarely; a visit never needs a fresher list.
    staleTime: 10 * 60_000,
  })

export function useShops() {
  return useQuery(shopsQueryOptions())
}
