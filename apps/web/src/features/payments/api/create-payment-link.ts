import { orderKeyHeaders, type PaymentLinkItem, type PaymentLinkResponse } from '@larder/shared'
import { api } from '../../../lib/api-client'

/** POST /api/stripe/create-payment-link: the hosted payment page for the order the items name. */
export function createPaymentLink(items: PaymentLinkItem[], orderKey?: string) {
  return api.post<PaymentLinkResponse>('/api/stripe/create-payment-link', items, {
    headers: orderKeyHeaders(orderKey),
  })
}
