import type { Account } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { STORAGE_KEYS, useStorageValue } from '../../../lib/storage'

export function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account> {
  return api.get<Account>('/api/account', { signal })
}

/**
 * What a session's queries are kept under: each one's answers belong to the session that asked (the token),
 * so whoever logs in next on this page, or in this tab, never sees the previous shopper's.
 */
export const accountQueryKey = (token: string | null) => ['account', token] as const

export const accountQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: accountQueryKey(token),
    queryFn: ({ signal }) => getAccount({ signal }),
  })

/** The logged-in shopper's account; pass `enabled: false` while logged out, when it can only answer 401. */
export function useAccount({ enabled }: { enabled: boolean }) {
  const token = useStorageValue(STORAGE_KEYS.token)
  return useQuery({ ...accountQueryOptions(token), enabled })
}
