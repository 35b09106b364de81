import { orderKeyHeaders, type OrderCancelled } from '@larder/shared'
import { api } from '../../../lib/api-client'

/** POST /api/public/orders/{id}/cancel: an unpaid order is closed and its payment page switched off. */
export function cancelOrder(id: string, orderKey?: string) {
  return api.post<OrderCancelled>(`/api/public/orders/${encodeURIComponent(id)}/cancel`, undefined, {
    headers: orderKeyHeaders(orderKey),
  })
}
