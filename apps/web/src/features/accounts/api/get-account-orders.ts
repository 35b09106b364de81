import type { Order } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest, readTotal } from '../../../lib/api-client'
import { STORAGE_KEYS, useStorageValue } from '../../../lib/storage'
import { accountQueryKey } from './get-account'

/** Orders a page of the account's history holds. */
export const ORDER_HISTORY_PAGE_SIZE = 10

export interface AccountOrdersPage {
  orders: Order[]
  total: number
}

/** GET /api/account/orders: one page of the logged-in shopper's orders, newest first, and their count. */
export async function getAccountOrders(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AccountOrdersPage> {
  const { data, headers } = await apiRequest<Order[]>('/api/account/orders', {
    query: { page, size: ORDER_HISTORY_PAGE_SIZE },
    signal,
  })
  return { orders: data, total: readTotal(headers, data.length) }
}

export const accountOrdersQueryOptions = (token: string | null, page: number) =>
  queryOptions({
    queryKey: [...accountQueryKey(token), 'orders', page],
    queryFn: ({ signal }) => getAccountOrders(page, { signal }),
  })

/**
 * One page of the history. The page shown stays while the next one loads, but only within one session:
 * after a log-in as someone else the last shopper's orders must not stand in for the new one's.
 */
export function useAccountOrders(page: number) {
  const token = useStorageValue(STORAGE_KEYS.token)
  return useQuery({
    ...accountOrdersQueryOptions(token, page),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === token ? previous : undefined,
  })
}
