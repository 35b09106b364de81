import { orderKeyHeaders, type OrderProductCreate } from '@larder/shared'
import { api } from '../../../lib/api-client'

/**
 * An order product (name, price, quantity, total, image, product, order, price id); the server reads only
 * productId, quantity and orderId of it.
 */
export type OrderProductPayload = OrderProductCreate & {
  productName: string
  price: number
  totalPrice: number
  productImage: string
  stripePriceId: string
}

/**
 * POST /api/public/order-products, one per cart line. With the order's key, so that a session ending
 * between the order and its lines does not leave the order unreachable.
 */
export async function createOrderProduct(line: OrderProductPayload, orderKey?: string): Promise<void> {
  await api.post('/api/public/order-products', line, { headers: orderKeyHeaders(orderKey) })
}
