import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import type { JobRunner } from '../../jobs/job-runner'
import type { Clock } from '../../lib/clock'
import type { RateLimiter } from '../../lib/rate-limiter'
import type { PaymentProvider } from '../../providers/payments/payment-provider'
import type { MailQueue } from '../mail/mail-queue'
import type { OrderKeys } from '../orders/order-keys'
import type { OrderState } from '../orders/order-state'
import { createCheckoutService } from './checkout.service'
import { createFulfilmentService } from './fulfilment.service'
import { createPaymentsRepository } from './payments.repository'
import { paymentsRoutes } from './payments.routes'
import { createReconciliation, RECONCILE_EVERY_MS } from './reconciliation.service'
import { createRefundsService } from './refunds.service'
import { createRegistrationService } from './registration.service'
import { sandboxPageRoutes } from './sandbox-page.routes'
import { createSandboxWebhooks } from './sandbox-webhooks'
import { webhookRoutes } from './webhook.routes'

export interface PaymentsModuleDeps {
  db: Database
  /** Every change to an order goes through the orders module's named operations. */
  orders: OrderState
  orderKeys: OrderKeys
  provider: PaymentProvider
  mail: MailQueue
  jobs: JobRunner
  clock: Clock
  limiter: RateLimiter
  publicUrl: string
  /** Runs `work` unless another process is running the same named work (an advisory lock). */
  runExclusive(name: string, work: () => Promise<void>): Promise<void>
}

/** Product registration, payment pages, the webhook, reconciliation, and the sandbox's hosted payment page. */
export async function registerPayments(app: FastifyInstance, deps: PaymentsModuleDeps) {
  const { provider, orders, publicUrl, jobs } = deps
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
  const reconciliation = createReconciliation({ ...deps, fulfilment, checkout, log: app.log })
  const refunds = createRefundsService({ ...deps, repository, log: app.log })

  await app.register(paymentsRoutes, {
    registration,
    checkout,
    keys: deps.orderKeys,
    limiter: deps.limiter,
  })
  await app.register(webhookRoutes, { fulfilment })
  if (provider.kind === 'sandbox') {
    const webhooks = createSandboxWebhooks(jobs, provider, fulfilment)
    await app.register(sandboxPageRoutes, { provider, webhooks, jobs, clock: deps.clock })
  }

  let timer: NodeJS.Timeout | undefined
  let pass: Promise<void> | undefined
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (pass) return
      pass = deps
        .runExclusive('payments-reconciliation', () => reconciliation.run())
        .catch((error: unknown) => app.log.error({ err: error }, 'reconciliation failed'))
        .finally(() => (pass = undefined))
    }, RECONCILE_EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await pass
  })
  return { repository, registration, checkout, fulfilment, reconciliation, refunds }
}
