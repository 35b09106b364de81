import { orderKeyHeaders, type Order } from '@larder/shared'
import { api } from '../../../lib/api-client'

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
