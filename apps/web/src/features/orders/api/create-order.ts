import type { OrderCreated, OrderCreateInput } from '@larder/shared'
import { api } from '../../../lib/api-client'
import { appCheckHeaders } from '../../../lib/app-check'

/**
 * POST /api/public/orders: the server prices the order itself and answers its id and total. The delivery
 * town goes as the selector holds it; the server refuses one that is not a delivery town.
 */
export async function createOrder(order: Omit<OrderCreateInput, 'deliveryTown'> & { deliveryTown: string }) {
  return api.post<OrderCreated>('/api/public/orders', order, { headers: await appCheckHeaders() })
}
