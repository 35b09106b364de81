import type { Config } from '../../config'
import type { Database } from '../../db/client'
import type { Clock } from '../../lib/clock'
import type { PaymentProvider } from './payment-provider'
import { createSandboxProvider, sandboxWebhookSecret } from './sandbox'
import { createStripeProvider } from './stripe'
import { createUnconfiguredProvider } from './unconfigured'

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the sandbox, which production must opt into. */
export function createPaymentProvider(options: {
  config: Config
  db: Database
  jwtSecret: string
  clock: Clock
}): PaymentProvider {
  const { config, clock } = options
  if (config.stripeSecretKey) {
    if (!config.stripeWebhookSecret) {
      throw new Error(
        'STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: without it no payment is confirmed',
      )
    }
    return createStripeProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
      apiBase: config.stripeApiBase,
      clock,
    })
  }
  if (!config.sandboxPayments) return createUnconfiguredProvider()
  return createSandboxProvider({
    db: options.db,
    webhookSecret: config.stripeWebhookSecret ?? sandboxWebhookSecret(options.jwtSecret),
    publicUrl: config.publicUrl,
    clock,
  })
}
