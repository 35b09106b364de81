import { orderKeyHeaders, type Order } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { STORAGE_KEYS, useStorageValue } from '../../../lib/storage'

/** GET /api/public/orders/{id}, with the order's key when this browser holds it (checkout-marker.ts). */
export function getOrder(
  id: string,
  { signal, orderKey }: { signal?: AbortSignal; orderKey?: string | undefined } = {},
): Promise<Order> {
  return api.get<Order>(`/api/public/orders/${encodeURIComponent(id)}`, {
    signal,
    headers: orderKeyHeaders(orderKey),
  })
}

/** Only a pending, unpaid-so-far order can still change by itself (the payment webhook is on its way). */
export const isSettled = (order: Order) => order.orderStatus !== 'PENDING' || order.paymentStatus === 'FAILED'

/**
 * How long to wait before asking again, given how long we have been waiting: every 2 s at first, then
 * less often, and never after two minutes (the page then offers a button to check again).
 */
export const POLL_LIMIT_MS = 120_000

export function pollDelay(elapsedMs: number): number | false {
  if (elapsedMs >= POLL_LIMIT_MS) return false
  if (elapsedMs < 30_000) return 2_000
  if (elapsedMs < 60_000) return 4_000
  return 8_000
}

/**
 * Keyed by the session and the order key as well as the id: whether an order can be read depends on who
 * asks, so after a logout (or another log-in) nothing read for the earlier session is shown from the cache.
 */
export const orderQueryOptions = (
  id: string,
  token: string | null,
  pollingSince: number,
  orderKey?: string | undefined,
) =>
  queryOptions({
    queryKey: ['orders', id, token, orderKey ?? null],
    queryFn: ({ signal }) => getOrder(id, { signal, orderKey }),
    refetchInterval: (query) => {
      const order = query.state.data
      if (order && isSettled(order)) return false
      return pollDelay(Date.now() - pollingSince)
    },
  })

export function useOrder(id: string, pollingSince: number, orderKey?: string | undefined) {
  const token = useStorageValue(STORAGE_KEYS.token)
  return useQuery(orderQueryOptions(id, token, pollingSince, orderKey))
}
