import type { FastifyBaseLogger } from 'fastify'
import type { JobRunner } from '../../jobs/job-runner'
import type { Clock } from '../../lib/clock'
import type { PaymentProvider } from '../../providers/payments/payment-provider'
import type { OrderState } from '../orders/order-state'
import type { OrderRow } from '../orders/orders.repository'
import { ABANDONED_AFTER_MS, type CheckoutService } from './checkout.service'
import type { FulfilmentService } from './fulfilment.service'

/** How often one process (of however many) reconciles. */
export const RECONCILE_EVERY_MS = 60 * 1000
/** A webhook normally arrives within seconds: an order is first asked about once it has had this long. */
export const FIRST_CHECK_AFTER_MS = 2 * 60 * 1000
/** Then again at most this often, while it stays unpaid (up to ABANDONED_AFTER_MS). */
export const CHECK_AGAIN_AFTER_MS = 10 * 60 * 1000
/** Done jobs are kept this long, for a person looking into what was sent when. */
const KEEP_DONE_JOBS_MS = 30 * 24 * 60 * 60 * 1000
const BATCH = 50

export interface ReconciliationDeps {
  orders: OrderState
  provider: PaymentProvider
  fulfilment: FulfilmentService
  checkout: CheckoutService
  jobs: JobRunner
  clock: Clock
  log: FastifyBaseLogger
}

/**
 * The backstop behind the webhook: asks the provider what it took on orders still awaiting payment and
 * handles each payment as its webhook would (fulfil, or refund what cannot be filled), so a webhook that
 * never came costs minutes, not a customer's money. An order is closed as abandoned only after the
 * provider has confirmed that none of its pages took a payment.
 */
export function createReconciliation(deps: ReconciliationDeps) {
  const { orders, provider, fulfilment, checkout, log } = deps

  /** Applies every payment the provider reports for the order; answers whether there was any. */
  async function settle(order: OrderRow): Promise<boolean> {
    const payments = await provider.completedPayments({
      orderId: order.id,
      paymentLinkId: order.paymentLinkId,
      checkoutSessionId: order.checkoutSessionId,
    })
    for (const payment of payments) {
      log.warn({ orderId: order.id, eventId: payment.id }, 'payment found by reconciliation')
      await fulfilment.apply(payment)
    }
    return payments.length > 0
  }

  /** Runs `work` for each item, logging (not throwing) a failure, so one bad order never stops the rest. */
  async function each<T>(items: T[], what: string, work: (item: T) => Promise<unknown>) {
    for (const item of items) {
      try {
        await work(item)
      } catch (error) {
        log.error({ err: error, item }, `reconciliation: ${what} failed`)
      }
    }
  }

  return {
    settle,

    /** One pass; run by one process at a time (the caller holds the lock). */
    async run(): Promise<void> {
      const now = deps.clock().getTime()
      const awaiting = await orders.awaitingPayment(
        new Date(now - FIRST_CHECK_AFTER_MS),
        new Date(now - CHECK_AGAIN_AFTER_MS),
        BATCH,
      )
      await each(awaiting, 'asking about an order', async (order) => {
        await settle(order)
        await orders.markPaymentChecked(order.id, deps.clock())
      })
      const abandoned = await orders.abandoned(new Date(now - ABANDONED_AFTER_MS), BATCH)
      await each(abandoned, 'closing an abandoned order', ({ id }) => checkout.expire(id, settle))
      await fulfilment.queueMissingRefunds()
      await deps.jobs.deleteDone(KEEP_DONE_JOBS_MS)
    },
  }
}

export type Reconciliation = ReturnType<typeof createReconciliation>
