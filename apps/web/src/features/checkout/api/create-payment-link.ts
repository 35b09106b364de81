import { PaymentLinkResponseSchema, type PaymentLinkItem } from '@larder/shared'
import { api } from '../../../lib/api-client'

/** POST /api/stripe/create-payment-link: the hosted payment page for the order the items name. */
export function createPaymentLink(items: PaymentLinkItem[]) {
  return api.post('/api/stripe/create-payment-link', items, { schema: PaymentLinkResponseSchema })
}
