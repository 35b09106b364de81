import type { AddToPaymentResponse } from '@larder/shared'
import { api } from '../../../lib/api-client'

/** A product may enter the cart only when the provider answered both of its ids. */
export function hasBothIds(response: AddToPaymentResponse): boolean {
  return response.stripeProductId.trim() !== '' && response.stripePriceIds.some((id) => id.trim() !== '')
}

/** Registers the product (and its current price) with the payment provider before it enters the cart. */
export function registerCartProduct(productId: number): Promise<AddToPaymentResponse> {
  return api.post<AddToPaymentResponse>(`/api/stripe/products/add-to-cart/${encodeURIComponent(productId)}`)
}
