import type { PaymentLinkItem, PaymentLinkResponse } from '@larder/shared'
import { api } from '../../../lib/api-client'
import { orderKeyHeaders } from './order-key-headers'

/** POST /api/stripe/create-payment-link: the hosted payment page for the order the items name. */
export function createPaymentLink(items: PaymentLinkItem[], orderKey?: string) {
  return api.post<PaymentLinkResponse>('/api/stripe/create-payment-link', items, {
    headers: orderKeyHeaders(orderKey),
  })
}
