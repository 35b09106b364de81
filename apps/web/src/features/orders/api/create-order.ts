import type { OrderCreated, OrderCreateInput } from '@larder/shared'
import { api } from '../../../lib/api-client'

/**
 * POST /api/public/orders: the server prices the order itself and answers its id and total. The delivery
 * town goes as the selector holds it; the server refuses one that is not a delivery town.
 *
 * The app-check client is loaded here, when the order is placed, rather than with the cart page: nothing
 * else on that page uses it, its token is first asked for at this moment anyway, and the page's first load
 * must stay under its 100 kB of JavaScript (e2e/js-budget.spec.ts).
 */
export async function createOrder(order: Omit<OrderCreateInput, 'deliveryTown'> & { deliveryTown: string }) {
  const { appCheckHeaders } = await import('../../../lib/app-check')
  return api.post<OrderCreated>('/api/public/orders', order, { headers: await appCheckHeaders() })
}
