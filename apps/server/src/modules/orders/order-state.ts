import type { Database } from '../../db/client'
import { NotFoundError, OrderClosedError } from '../../lib/domain-errors'
import type { OrderCaller } from './order-keys'
import { acceptsChanges, orderErrors, readableBy } from './order-rules'
import type { OrderRow, OrdersRepository } from './orders.repository'

/** What a payment taken on an order records there, whether the order is filled or refunded. */
export interface PaymentTaken {
  datePaid: Date
  paymentIntentId: string | null
  paymentMethod: string
  checkoutSessionId: string | null
}

/** An order's payment pages at the provider, to be switched off once the order no longer uses them. */
export interface PaymentPages {
  linkId?: string | null
  sessionId?: string | null
}

export interface NewPaymentPage {
  kind: 'link' | 'session'
  id: string
  url: string
  /** The digest of the lines the page charges for (fingerprintOf in payments). */
  fingerprint: string
  /** The provider price each line is charged at on this page. */
  linePriceIds: { id: number; stripePriceId: string }[]
}

/**
 * Every change of an order's status or payment bookkeeping, by name. modules/orders owns the order row:
 * other modules (payments) call these, inside their own transaction (`tx`), so the jobs they queue for a
 * change (its e-mail, its refund) commit with it (decision 0025). Operations that decide on the order's
 * current state lock its row first; the others take a row the caller locked in the same transaction.
 */
export function createOrderState(repository: OrdersRepository) {
  return {
    find: (orderId: string) => repository.find(orderId),
    lines: (orderId: string, tx: Database) => repository.lines(orderId, tx),
    linesWithStock: (orderId: string, tx?: Database) => repository.linesWithStock(orderId, tx),
    awaitingPayment: repository.awaitingPayment,
    abandoned: repository.abandoned,
    refundsPending: repository.refundsPending,

    /** Reconciliation asked the provider about the order at `at`; it asks again only after a while. */
    markPaymentChecked: repository.markPaymentChecked,

    /** The order the caller may pay for now: theirs (readableBy) and still open to changes. */
    async openForPayment(orderId: string, caller: OrderCaller): Promise<OrderRow> {
      const order = await repository.find(orderId)
      if (!order) throw new NotFoundError(orderErrors.notFound(orderId))
      readableBy(order, caller)
      if (!acceptsChanges(order)) throw new OrderClosedError(orderErrors.closed)
      return order
    },

    /** The order row, locked until `tx` ends: payments and line changes on one order queue behind it. */
    lockForPayment: (tx: Database, orderId: string) => repository.lock(tx, orderId),

    /**
     * Makes `page` the order's one live payment page, with the provider price of each line; the attempt
     * counter goes up, so the next page's idempotency key differs. `order` is the row locked in `tx`.
     */
    async setPaymentPage(tx: Database, order: OrderRow, page: NewPaymentPage): Promise<void> {
      await repository.setLinePriceIds(tx, page.linePriceIds)
      await repository.update(tx, order.id, {
        paymentFingerprint: page.fingerprint,
        paymentAttempts: order.paymentAttempts + 1,
        paymentLinkId: page.kind === 'link' ? page.id : null,
        paymentLinkUrl: page.kind === 'link' ? page.url : null,
        checkoutSessionId: page.kind === 'session' ? page.id : null,
        checkoutSessionUrl: page.kind === 'session' ? page.url : null,
      })
    },

    /** A payment filled the order: the caller has taken the stock for every line in `tx`. */
    markPaid: (tx: Database, orderId: string, payment: PaymentTaken): Promise<OrderRow> =>
      repository.update(tx, orderId, { ...payment, paymentStatus: 'PAID', orderStatus: 'PAID' }),

    /** A payment the order cannot take (stock, amount, a closed order): it is to be refunded in full. */
    markRefundPending: (tx: Database, orderId: string, payment: PaymentTaken): Promise<OrderRow> =>
      repository.update(tx, orderId, { ...payment, paymentStatus: 'PAID', orderStatus: 'REFUND_PENDING' }),

    /** The provider refunded the order's payment; undefined when the order was not awaiting that refund. */
    async markRefunded(tx: Database, orderId: string, refundId: string): Promise<OrderRow | undefined> {
      const order = await repository.lock(tx, orderId)
      if (order?.orderStatus !== 'REFUND_PENDING') return undefined
      return repository.update(tx, order.id, {
        orderStatus: 'REFUNDED',
        paymentStatus: 'REFUNDED',
        refundId,
      })
    },

    /**
     * The provider made one of the operator's refunds of a paid order (`tx` holds the order's row lock):
     * the order says how much of it went back, PARTIALLY_REFUNDED while part of the payment stands and
     * REFUNDED once all of it went back. Its recorded prices and totals never change.
     */
    async markRefundMade(
      tx: Database,
      order: OrderRow,
      refund: { refundedPence: number; providerRefundId: string },
    ): Promise<OrderRow> {
      const status = refund.refundedPence >= order.totalAmountPence ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
      return repository.update(tx, order.id, {
        orderStatus: status,
        paymentStatus: status,
        refundId: refund.providerRefundId,
      })
    },

    /** A declined card: an open, unpaid order stays PENDING for another try, which still fulfils. */
    async markPaymentFailed(tx: Database, orderId: string): Promise<void> {
      const order = await repository.lock(tx, orderId)
      if (order?.orderStatus === 'PENDING' && order.paymentStatus === 'PENDING') {
        await repository.update(tx, order.id, { paymentStatus: 'FAILED' })
      }
    },

    /**
     * Cancels an unpaid order: the shopper's when `caller` is given (readableBy), any for the shop's own
     * timer. Answers the pages to switch off after the commit, or undefined when it was cancelled already.
     * A paid or refunded order cannot be cancelled (OrderClosedError).
     */
    async cancel(tx: Database, orderId: string, caller?: OrderCaller): Promise<PaymentPages | undefined> {
      const order = await repository.lock(tx, orderId)
      if (!order) throw new NotFoundError(orderErrors.notFound(orderId))
      if (caller) readableBy(order, caller)
      if (order.orderStatus === 'CANCELLED') return undefined
      if (!acceptsChanges(order)) throw new OrderClosedError(orderErrors.closed)
      await repository.update(tx, order.id, { orderStatus: 'CANCELLED' })
      return { linkId: order.paymentLinkId, sessionId: order.checkoutSessionId }
    },
  }
}

export type OrderState = ReturnType<typeof createOrderState>
