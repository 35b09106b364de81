import type { OrderProductCreate } from '@larder/shared'
import { api } from '../../../lib/api-client'

/** The spec's order product (section 3); the server reads only productId, quantity and orderId of it. */
export type OrderProductPayload = OrderProductCreate & {
  productName: string
  price: number
  totalPrice: number
  productImage: string
  stripePriceId: string
}

/** POST /api/public/order-products, one per cart line. */
export async function createOrderProduct(line: OrderProductPayload): Promise<void> {
  await api.post('/api/public/order-products', line)
}
