import { ORDER_CURRENCY } from '@larder/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../lib/clock'
import { HttpError } from '../../plugins/errors'
import type { Mailer } from '../../providers/mail/mailer'
import {
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
} from '../../providers/payments/payment-provider'
import type { OrderLineRow, OrderRow, OrdersRepository } from '../orders/orders.repository'
import { orderConfirmationMail, orderRefundMail } from './confirmation-mail'
import type { PaymentsRepository } from './payments.repository'

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])
const FAILED_EVENTS = new Set(['payment_intent.payment_failed', 'checkout.session.async_payment_failed'])

type Outcome =
  | { kind: 'done' }
  | { kind: 'paid'; order: OrderRow; lines: OrderLineRow[] }
  | { kind: 'refund'; order: OrderRow; reason: string }
  | { kind: 'second-payment'; orderId: string; paymentIntentId: string }

export interface FulfilmentServiceDeps {
  orders: OrdersRepository
  repository: PaymentsRepository
  provider: PaymentProvider
  mailer: Mailer
  clock: Clock
  publicUrl: string
  log: FastifyBaseLogger
}

/**
 * The provider's webhook: fulfils each paid order exactly once. The event id is recorded in the same
 * transaction that takes the stock, so a redelivered event (or twenty at once) finds its row and changes
 * nothing. Stock is taken for all lines or none; an order that cannot be filled is refunded.
 */
export function createFulfilmentService(deps: FulfilmentServiceDeps) {
  const { orders, repository, provider, log } = deps

  /** Why a paid order cannot be filled as it stands, or undefined when it can (stock aside). */
  function refusal(order: OrderRow, event: PaymentEvent): string | undefined {
    if (order.orderStatus !== 'PENDING') return `the order is ${order.orderStatus}`
    if (event.currency !== undefined && event.currency !== ORDER_CURRENCY) return `paid in ${event.currency}`
    if (event.amountTotalPence !== order.totalAmountPence) {
      return `paid ${event.amountTotalPence ?? 'an unknown amount'} pence for an order of ${order.totalAmountPence}`
    }
    return undefined
  }

  async function fulfil(event: PaymentEvent & { orderId: string }): Promise<Outcome> {
    const now = deps.clock()
    return repository.transaction(async (tx): Promise<Outcome> => {
      if (!(await repository.recordEvent(tx, event, now))) return { kind: 'done' }
      const order = await orders.lock(tx, event.orderId)
      if (!order) {
        log.warn({ eventId: event.id, orderId: event.orderId }, 'payment for an unknown order')
        return { kind: 'done' }
      }
      if (order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED') {
        // Paid before through another page (a replaced link): this second payment goes back.
        const second = event.paymentIntentId && event.paymentIntentId !== order.paymentIntentId
        return second
          ? { kind: 'second-payment', orderId: order.id, paymentIntentId: event.paymentIntentId ?? '' }
          : { kind: 'done' }
      }
      const payment = {
        paymentStatus: 'PAID' as const,
        datePaid: now,
        paymentIntentId: event.paymentIntentId ?? null,
        paymentMethod: event.paymentMethod ?? 'card',
        checkoutSessionId: event.sessionId ?? order.checkoutSessionId,
      }
      const refused = refusal(order, event)
      if (refused) {
        const marked = await orders.update(tx, order.id, { ...payment, orderStatus: 'REFUND_PENDING' })
        return { kind: 'refund', order: marked, reason: refused }
      }
      const lines = await orders.lines(order.id, tx)
      const stock = await repository.lockStock(
        tx,
        lines.map((line) => line.productId),
      )
      const short = lines.find((line) => (stock.get(line.productId) ?? 0) < line.quantity)
      if (short) {
        const marked = await orders.update(tx, order.id, { ...payment, orderStatus: 'REFUND_PENDING' })
        return { kind: 'refund', order: marked, reason: `"${short.productName}" is out of stock` }
      }
      for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
        await repository.takeStock(tx, line.productId, line.quantity)
      }
      const paid = await orders.update(tx, order.id, { ...payment, orderStatus: 'PAID' })
      return { kind: 'paid', order: paid, lines }
    })
  }

  /** A failed card attempt: the order stays open (PENDING) for another try, which still fulfils. */
  async function markFailed(event: PaymentEvent & { orderId: string }) {
    await repository.transaction(async (tx) => {
      if (!(await repository.recordEvent(tx, event, deps.clock()))) return
      const order = await orders.lock(tx, event.orderId)
      if (order?.orderStatus === 'PENDING' && order.paymentStatus === 'PENDING') {
        await orders.update(tx, order.id, { paymentStatus: 'FAILED' })
      }
    })
  }

  async function send(mail: Parameters<Mailer['send']>[0], orderId: string) {
    try {
      await deps.mailer.send(mail)
    } catch (error) {
      log.error({ err: error, orderId }, 'order e-mail could not be sent')
    }
  }

  /** Asks the provider for the money back; a failure leaves REFUND_PENDING for the next retry. */
  async function refundOrder(order: OrderRow) {
    if (!order.paymentIntentId) return
    try {
      const { refundId } = await provider.refund({
        paymentIntentId: order.paymentIntentId,
        orderId: order.id,
      })
      const refunded = await orders.transaction(async (tx) => {
        const current = await orders.lock(tx, order.id)
        if (current?.orderStatus !== 'REFUND_PENDING') return undefined
        return orders.update(tx, order.id, { orderStatus: 'REFUNDED', paymentStatus: 'REFUNDED', refundId })
      })
      if (refunded) await send(orderRefundMail(refunded, deps.publicUrl), order.id)
    } catch (error) {
      log.error(
        { err: error, orderId: order.id },
        'refund failed; the order stays REFUND_PENDING for a retry',
      )
    }
  }

  async function afterCommit(outcome: Outcome) {
    if (outcome.kind === 'paid') {
      await send(orderConfirmationMail(outcome.order, outcome.lines, deps.publicUrl), outcome.order.id)
    } else if (outcome.kind === 'refund') {
      log.warn(
        { orderId: outcome.order.id, reason: outcome.reason },
        'paid order cannot be filled: refunding',
      )
      await refundOrder(outcome.order)
    } else if (outcome.kind === 'second-payment') {
      log.warn(outcome, 'order paid twice: refunding the second payment')
      try {
        await provider.refund({ paymentIntentId: outcome.paymentIntentId, orderId: outcome.orderId })
      } catch (error) {
        log.error({ err: error, ...outcome }, 'refund of a second payment failed: refund it by hand')
      }
    }
  }

  return {
    /** POST /api/stripe/webhook. A bad signature is a 400 and touches nothing. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: PaymentEvent
      try {
        event = provider.verifyWebhook(rawBody, signature)
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new HttpError(400, `Webhook refused: ${error.message}`)
        throw error
      }
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
        await afterCommit(await fulfil({ ...event, orderId }))
      } else if (FAILED_EVENTS.has(event.type)) {
        await markFailed({ ...event, orderId })
      }
      // Every other event type is acknowledged and ignored.
    },

    /** Retries refunds the provider refused before (run now and then, and safe to run anywhere). */
    async retryRefunds(limit = 20): Promise<void> {
      for (const { id } of await repository.refundsPending(limit)) {
        const order = await orders.find(id)
        if (order?.orderStatus === 'REFUND_PENDING') await refundOrder(order)
      }
    },
  }
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>
