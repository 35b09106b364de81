import type { Order } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/account/orders: the logged-in shopper's orders, newest first. */
export function getAccountOrders({ signal }: { signal?: AbortSignal } = {}): Promise<Order[]> {
  return api.get<Order[]>('/api/account/orders', { signal })
}

export const accountOrdersQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'orders'], queryFn: ({ signal }) => getAccountOrders({ signal }) })

export function useAccountOrders() {
  return useQuery(accountOrdersQueryOptions())
}
