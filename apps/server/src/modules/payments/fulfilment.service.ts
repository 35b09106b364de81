import { ORDER_CURRENCY } from '@larder/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../lib/clock'
import { InvalidInputError } from '../../lib/domain-errors'
import { z } from 'zod'
import type { Database } from '../../db/client'
import type { JobRunner } from '../../jobs/job-runner'
import type { MailQueue } from '../mail/mail-queue'
import {
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
} from '../../providers/payments/payment-provider'
import type { OrderState, PaymentTaken } from '../orders/order-state'
import type { OrderRow } from '../orders/orders.repository'
import { orderConfirmationMail, orderRefundMail } from './confirmation-mail'
import type { PaymentsRepository } from './payments.repository'

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])
const FAILED_EVENTS = new Set(['payment_intent.payment_failed', 'checkout.session.async_payment_failed'])

export interface FulfilmentServiceDeps {
  orders: OrderState
  repository: PaymentsRepository
  provider: PaymentProvider
  mail: MailQueue
  jobs: JobRunner
  clock: Clock
  publicUrl: string
  log: FastifyBaseLogger
}

const RefundSchema = z.object({
  orderId: z.string(),
  paymentIntentId: z.string(),
  /** `order`: the order's own payment, which it cannot fill; `second`: a payment of an order paid already. */
  payment: z.enum(['order', 'second']),
  reason: z.string(),
})

/**
 * The provider's webhook: fulfils each paid order exactly once. The event id is recorded in the same
 * transaction that takes the stock, so a redelivered event (or twenty at once) finds its row and changes
 * nothing. Stock is taken for all lines or none; an order that cannot be filled is refunded. What follows a
 * payment (the confirmation e-mail, a refund and its e-mail) is queued in that same transaction as a job,
 * so a crash after the commit delays it and never loses it.
 */
export function createFulfilmentService(deps: FulfilmentServiceDeps) {
  const { orders, repository, provider, mail, jobs, log } = deps

  /** Why a paid order cannot be filled as it stands, or undefined when it can (stock aside). */
  function refusal(order: OrderRow, event: PaymentEvent): string | undefined {
    if (order.orderStatus !== 'PENDING') return `the order is ${order.orderStatus}`
    if (event.currency !== undefined && event.currency !== ORDER_CURRENCY) return `paid in ${event.currency}`
    if (event.amountTotalPence !== order.totalAmountPence) {
      return `paid ${event.amountTotalPence ?? 'an unknown amount'} pence for an order of ${order.totalAmountPence}`
    }
    return undefined
  }

  /** Refunds, retried with back-off until the provider takes them (its idempotency key makes a repeat harmless). */
  const refunds = jobs.queue('refund', RefundSchema, async (refund) => {
    const { refundId } = await provider.refund({
      paymentIntentId: refund.paymentIntentId,
      orderId: refund.orderId,
    })
    if (refund.payment === 'second') {
      log.warn(refund, 'second payment of an order refunded')
      return
    }
    return async (tx) => {
      const refunded = await orders.markRefunded(tx, refund.orderId, refundId)
      if (!refunded) return []
      return [
        await mail.enqueue(tx, `order-refunded:${refunded.id}`, orderRefundMail(refunded, deps.publicUrl)),
      ]
    }
  })

  function queueRefund(tx: Database, refund: z.input<typeof RefundSchema>) {
    if (refund.payment === 'order') log.warn(refund, 'paid order cannot be filled: refunding')
    else log.warn(refund, 'order paid twice: refunding the second payment')
    return refunds.enqueue(tx, refund.paymentIntentId, refund)
  }

  /** Applies a successful payment; answers the jobs it queued (to run at once after the commit). */
  async function fulfil(event: PaymentEvent & { orderId: string }): Promise<(number | undefined)[]> {
    const now = deps.clock()
    return repository.transaction(async (tx) => {
      if (!(await repository.recordEvent(tx, event, now))) return []
      const order = await orders.lockForPayment(tx, event.orderId)
      if (!order) {
        log.warn({ eventId: event.id, orderId: event.orderId }, 'payment for an unknown order')
        return []
      }
      const paymentIntentId = event.paymentIntentId
      if (order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED') {
        // Paid before through another page (a replaced link): this second payment goes back.
        const second = paymentIntentId && paymentIntentId !== order.paymentIntentId
        if (!second) return []
        const reason = `the order was paid already (${order.paymentIntentId ?? 'unknown payment'})`
        return [await queueRefund(tx, { orderId: order.id, paymentIntentId, payment: 'second', reason })]
      }
      const payment: PaymentTaken = {
        datePaid: now,
        paymentIntentId: paymentIntentId ?? null,
        paymentMethod: event.paymentMethod ?? 'card',
        checkoutSessionId: event.sessionId ?? order.checkoutSessionId,
      }
      const refuse = async (reason: string) => {
        await orders.markRefundPending(tx, order.id, payment)
        if (!paymentIntentId) {
          log.error({ orderId: order.id, reason }, 'paid order names no payment to refund: refund it by hand')
          return []
        }
        return [await queueRefund(tx, { orderId: order.id, paymentIntentId, payment: 'order', reason })]
      }
      const refused = refusal(order, event)
      if (refused) return refuse(refused)
      const lines = await orders.lines(order.id, tx)
      const stock = await repository.lockStock(
        tx,
        lines.map((line) => line.productId),
      )
      const short = lines.find((line) => (stock.get(line.productId) ?? 0) < line.quantity)
      if (short) return refuse(`"${short.productName}" is out of stock`)
      for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
        await repository.takeStock(tx, line.productId, line.quantity)
      }
      const paid = await orders.markPaid(tx, order.id, payment)
      return [
        await mail.enqueue(tx, `order-paid:${paid.id}`, orderConfirmationMail(paid, lines, deps.publicUrl)),
      ]
    })
  }

  /** A failed card attempt: the order stays open (PENDING) for another try, which still fulfils. */
  async function markFailed(event: PaymentEvent & { orderId: string }) {
    await repository.transaction(async (tx) => {
      if (!(await repository.recordEvent(tx, event, deps.clock()))) return
      await orders.markPaymentFailed(tx, event.orderId)
    })
  }

  /** Handles a verified event of any source (the webhook, reconciliation). */
  async function apply(event: PaymentEvent): Promise<void> {
    const { orderId } = event
    if (orderId === undefined) {
      if (PAID_EVENTS.has(event.type) || FAILED_EVENTS.has(event.type)) {
        log.warn({ eventId: event.id, type: event.type }, 'payment event names no order: ignored')
      }
      return
    }
    if (PAID_EVENTS.has(event.type)) {
      // A bank transfer or similar completes the session unpaid; its async_payment_succeeded follows.
      if (event.paymentStatus !== 'paid') return
      await jobs.runNow(await fulfil({ ...event, orderId }))
    } else if (FAILED_EVENTS.has(event.type)) {
      await markFailed({ ...event, orderId })
    }
    // Every other event type is acknowledged and ignored.
  }

  return {
    /** POST /api/stripe/webhook. A bad signature is a 400 and touches nothing. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: PaymentEvent
      try {
        event = provider.verifyWebhook(rawBody, signature)
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new InvalidInputError(`Webhook refused: ${error.message}`, { cause: error })
        throw error
      }
      await apply(event)
    },

    /** A payment the provider reports on being asked (reconciliation), handled as its webhook would be. */
    apply,

    /**
     * Queues a refund for every REFUND_PENDING order that has none queued (its key is the payment's, so
     * one queued already makes nothing new): the backstop for a refund job given up or never written.
     */
    async queueMissingRefunds(limit = 50): Promise<void> {
      for (const { id } of await orders.refundsPending(limit)) {
        const ids = await repository.transaction(async (tx) => {
          const order = await orders.lockForPayment(tx, id)
          if (order?.orderStatus !== 'REFUND_PENDING' || !order.paymentIntentId) return []
          const reason = 'refund still pending'
          const refund = {
            orderId: id,
            paymentIntentId: order.paymentIntentId,
            payment: 'order',
            reason,
          } as const
          return [await refunds.enqueue(tx, order.paymentIntentId, refund)]
        })
        await jobs.runNow(ids)
      }
    },
  }
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>
