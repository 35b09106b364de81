import type { Order } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STORAGE_KEYS, useStorageValue } from '../../../lib/storage'
import { getOrder } from './get-order'

/*
 * The confirmation page's reading of an order, apart from get-order.ts: the cart page's checkout calls
 * getOrder too, and without this code, so its first load stays under the JavaScript budget.
 */

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
