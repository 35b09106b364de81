import type { Account } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account> {
  return api.get<Account>('/api/account', { signal })
}

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: ({ signal }) => getAccount({ signal }),
  })

/** The logged-in shopper's account; pass `enabled: false` while logged out, when it can only answer 401. */
export function useAccount({ enabled }: { enabled: boolean }) {
  return useQuery({ ...accountQueryOptions(), enabled })
}
