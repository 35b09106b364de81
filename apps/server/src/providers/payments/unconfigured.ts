import { UnavailableError } from '../../lib/domain-errors'
import type { UnconfiguredPaymentProvider } from './payment-provider'
import { WebhookSignatureError } from './payment-provider'

const notConfigured = () =>
  Promise.reject(
    new UnavailableError('Card payments are not set up on this shop yet. Please try again later.'),
  )

/**
 * Production without STRIPE_SECRET_KEY: the sandbox would let anyone "pay" with a test card and receive
 * goods, so every payment call is refused instead (SANDBOX_PAYMENTS=true opts a demo shop back in).
 */
export function createUnconfiguredProvider(): UnconfiguredPaymentProvider {
  return {
    kind: 'unconfigured',
    registerProduct: notConfigured,
    registerPrice: notConfigured,
    ensureDeliveryPrice: notConfigured,
    createPaymentLink: notConfigured,
    deactivatePaymentLink: notConfigured,
    createCheckoutSession: notConfigured,
    expireCheckoutSession: notConfigured,
    refund: notConfigured,
    completedPayments: notConfigured,
    verifyWebhook() {
      throw new WebhookSignatureError('Payments are not configured')
    },
  }
}
