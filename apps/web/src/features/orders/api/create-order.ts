import type { OrderCreated, OrderCreateInput } from '@larder/shared'
import { api } from '../../../lib/api-client'
import { appCheckHeaders } from '../../../lib/app-check'

/** POST /api/public/orders: the server prices the order itself and answers its id and total. */
export async function createOrder(order: OrderCreateInput) {
  return api.post<OrderCreated>('/api/public/orders', order, { headers: await appCheckHeaders() })
}
