import { shopOrderMessages, type RefundRequest } from '@larder/shared'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { Database } from '../../db/client'
import type { JobRunner } from '../../jobs/job-runner'
import type { Clock } from '../../lib/clock'
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/domain-errors'
import { idempotencyKeys, type PaymentProvider } from '../../providers/payments/payment-provider'
import type { MailQueue } from '../mail/mail-queue'
import type { OrderState } from '../orders/order-state'
import type { OrderRow } from '../orders/orders.repository'
import { orderRefundMadeMail } from './confirmation-mail'
import type { OrderRefundRow, PaymentsRepository } from './payments.repository'

export interface RefundsServiceDeps {
  orders: OrderState
  repository: PaymentsRepository
  provider: PaymentProvider
  mail: MailQueue
  jobs: JobRunner
  clock: Clock
  publicUrl: string
  log: FastifyBaseLogger
}

/** A paid order the operator may refund: paid, or refunded in part. */
const REFUNDABLE = new Set(['PAID', 'PARTIALLY_REFUNDED'])

const RefundJobSchema = z.object({ refundId: z.string() })

/** What a refund request did, for the audit log and the caller. */
export interface RefundAsked {
  refund: OrderRefundRow
  /** False when the refund id was asked for before (a second press): nothing new was done. */
  created: boolean
  before: { orderStatus: string; paymentStatus: string; refundedPence: number } | null
  jobIds: (number | undefined)[]
}

/**
 * The operator's refunds of paid orders, in full or line by line, through the payment provider.
 *
 * Rules: only a PAID or PARTIALLY_REFUNDED order; a line is refunded whole and at most once; a full refund
 * is all that is left (the unrefunded lines and the delivery); the refunds of an order never add up to
 * more than its total paid. The request is recorded (order_refunds, PENDING) with a durable job keyed by
 * its id in the caller's transaction, under the order's row lock, so two presses or two operators at once
 * queue behind each other and the second finds the lines taken. The job asks the provider under the
 * refund's own idempotency key (a retry or a crash refunds once), then, in the transaction that marks the
 * job done, marks the refund made, puts its lines' units back on the shelf, moves the order to
 * PARTIALLY_REFUNDED or REFUNDED and queues the shopper's e-mail keyed by the refund: each once.
 */
export function createRefundsService(deps: RefundsServiceDeps) {
  const { orders, repository, provider, mail, jobs, clock } = deps

  const queue = jobs.queue('order-refund', RefundJobSchema, async ({ refundId }) => {
    const refund = await repository.findRefund(refundId)
    if (refund?.status !== 'PENDING') return
    const order = await orders.find(refund.orderId)
    if (!order?.paymentIntentId) throw new Error(`order ${refund.orderId} names no payment to refund`)
    const made = await provider.refund({
      paymentIntentId: order.paymentIntentId,
      orderId: order.id,
      amountPence: refund.amountPence,
      idempotencyKey: idempotencyKeys.orderRefund(refund.id),
    })
    return async (tx: Database) => {
      // The order's lock first, as the request takes it, so a refund made and one asked for queue up.
      const locked = await orders.lockForPayment(tx, refund.orderId)
      const marked = await repository.markRefundMade(tx, refund.id, made.refundId, clock())
      if (!locked || !marked) return []
      const lines = await repository.refundLines(tx, refund.id)
      for (const line of lines) await repository.returnStock(tx, line.productId, line.quantity)
      const updated = await orders.markRefundMade(tx, locked, {
        refundedPence: await repository.refundedPence(tx, locked.id, 'REFUNDED'),
        providerRefundId: made.refundId,
      })
      const message = orderRefundMadeMail(updated, { amountPence: marked.amountPence, lines }, deps.publicUrl)
      return [await mail.enqueue(tx, `order-refund:${refund.id}`, message)]
    }
  })

  /** The lines to refund and their amount, by the rules above; throws the refusal otherwise. */
  async function plan(tx: Database, order: OrderRow, request: RefundRequest) {
    const lines = await orders.lines(order.id, tx)
    const taken = await repository.refundedLineIds(tx, order.id)
    const left = order.totalAmountPence - (await repository.refundedPence(tx, order.id))
    if (left <= 0) throw new ConflictError(shopOrderMessages.nothingLeft)
    if (request.scope === 'FULL') {
      return { lines: lines.filter((line) => !taken.has(line.id)), amountPence: left }
    }
    const wanted = new Set(request.lineIds)
    const chosen = lines.filter((line) => wanted.has(line.id))
    if (chosen.length !== wanted.size) throw new InvalidInputError(shopOrderMessages.unknownLine)
    if (chosen.some((line) => taken.has(line.id))) throw new ConflictError(shopOrderMessages.linesRefunded)
    const amountPence = chosen.reduce((total, line) => total + line.totalPricePence, 0)
    if (amountPence <= 0) throw new InvalidInputError(shopOrderMessages.freeLines)
    // Never more than was paid: the lines' prices are the order's own, so only delivery could differ.
    if (amountPence > left) throw new ConflictError(shopOrderMessages.nothingLeft)
    return { lines: chosen, amountPence }
  }

  return {
    /**
     * Asks for a refund, in `tx` (the audit log's): answers it and the job to run after the commit. A
     * refund id asked for before answers that refund and does nothing else.
     */
    async request(
      tx: Database,
      orderId: string,
      request: RefundRequest,
      requestedBy: string,
    ): Promise<RefundAsked> {
      const order = await orders.lockForPayment(tx, orderId)
      if (!order) throw new NotFoundError(`Order ${orderId} not found`)
      const earlier = await repository.findRefund(request.refundId, tx)
      if (earlier) {
        if (earlier.orderId !== order.id) throw new ConflictError(shopOrderMessages.refundIdTaken)
        return { refund: earlier, created: false, before: null, jobIds: [] }
      }
      if (
        !REFUNDABLE.has(order.orderStatus) ||
        !REFUNDABLE.has(order.paymentStatus) ||
        !order.paymentIntentId
      )
        throw new ConflictError(shopOrderMessages.notRefundable)
      const before = {
        orderStatus: order.orderStatus,
        paymentStatus: order.paymentStatus,
        refundedPence: await repository.refundedPence(tx, order.id),
      }
      const { lines, amountPence } = await plan(tx, order, request)
      const refund = {
        id: request.refundId,
        orderId: order.id,
        scope: request.scope,
        status: 'PENDING' as const,
        amountPence,
        providerRefundId: null,
        requestedBy,
        requestedAt: clock(),
        refundedAt: null,
      }
      await repository.insertRefund(
        tx,
        refund,
        lines.map((line) => ({
          orderProductId: line.id,
          refundId: refund.id,
          quantity: line.quantity,
          amountPence: line.totalPricePence,
        })),
      )
      // The queue names the job `order-refund:<refund id>`: one job per refund, however often asked.
      const jobId = await queue.enqueue(tx, refund.id, { refundId: refund.id })
      return { refund, created: true, before, jobIds: [jobId] }
    },

    /** Runs the refund jobs just committed (the job runner retries them if this fails). */
    runNow: (ids: (number | undefined)[]) => jobs.runNow(ids),
  }
}

export type RefundsService = ReturnType<typeof createRefundsService>
