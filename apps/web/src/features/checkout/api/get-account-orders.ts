import type { Order } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { STORAGE_KEYS, useStorageValue } from '../../../lib/storage'
import { accountQueryKey } from '../../auth/api/get-account'

/** GET /api/account/orders: the logged-in shopper's orders, newest first. */
export function getAccountOrders({ signal }: { signal?: AbortSignal } = {}): Promise<Order[]> {
  return api.get<Order[]>('/api/account/orders', { signal })
}

export const accountOrdersQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...accountQueryKey(token), 'orders'],
    queryFn: ({ signal }) => getAccountOrders({ signal }),
  })

export function useAccountOrders() {
  return useQuery(accountOrdersQueryOptions(useStorageValue(STORAGE_KEYS.token)))
}
