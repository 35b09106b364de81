import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import type { Clock } from '../../lib/clock'
import type { RateLimiter } from '../../lib/rate-limiter'
import type { Mailer } from '../../providers/mail/mailer'
import type { PaymentProvider } from '../../providers/payments/payment-provider'
import type { OrderKeys } from '../orders/order-keys'
import type { OrdersRepository } from '../orders/orders.repository'
import { createCheckoutService } from './checkout.service'
import { createFulfilmentService } from './fulfilment.service'
import { createPaymentsRepository } from './payments.repository'
import { paymentsRoutes } from './payments.routes'
import { createRegistrationService } from './registration.service'
import { sandboxPageRoutes } from './sandbox-page.routes'
import { webhookRoutes } from './webhook.routes'

/**
 * How often refunds the provider refused are tried again (idempotency keys make a repeat harmless), and
 * orders left unpaid for a day are closed.
 */
export const REFUND_RETRY_MS = 10 * 60 * 1000

export interface PaymentsModuleDeps {
  db: Database
  orders: OrdersRepository
  orderKeys: OrderKeys
  provider: PaymentProvider
  mailer: Mailer
  clock: Clock
  limiter: RateLimiter
  publicUrl: string
}

/** Product registration, payment pages, the webhook, and (with the sandbox) its hosted payment page. */
export async function registerPayments(app: FastifyInstance, deps: PaymentsModuleDeps) {
  const { provider, orders, publicUrl } = deps
  const repository = createPaymentsRepository(deps.db)
  const registration = createRegistrationService({ repository, provider, publicUrl })
  const checkout = createCheckoutService({
    orders,
    repository,
    registration,
    provider,
    publicUrl,
    log: app.log,
    clock: deps.clock,
  })
  const fulfilment = createFulfilmentService({ ...deps, repository, log: app.log })

  await app.register(paymentsRoutes, {
    registration,
    checkout,
    keys: deps.orderKeys,
    limiter: deps.limiter,
  })
  await app.register(webhookRoutes, { fulfilment })
  if (provider.kind === 'sandbox') await app.register(sandboxPageRoutes, { provider, clock: deps.clock })

  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      fulfilment
        .retryRefunds()
        .catch((error: unknown) => app.log.error({ err: error }, 'refund retry failed'))
      checkout
        .expireAbandoned()
        .catch((error: unknown) => app.log.error({ err: error }, 'closing abandoned orders failed'))
    }, REFUND_RETRY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
  return { registration, checkout, fulfilment }
}
