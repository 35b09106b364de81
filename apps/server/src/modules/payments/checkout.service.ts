import { createHash } from 'node:crypto'
import { DELIVERY_CHARGE_PENCE } from '@larder/shared'
import type { FastifyBaseLogger } from 'fastify'
import {
  idempotencyKeys,
  type CheckoutLine,
  type PaymentProvider,
} from '../../providers/payments/payment-provider'
import type { Clock } from '../../lib/clock'
import { ConflictError, OrderClosedError } from '../../lib/domain-errors'
import type { OrderCaller } from '../orders/order-keys'
import { acceptsChanges, orderErrors } from '../orders/order-rules'
import type { OrderState, PaymentPages } from '../orders/order-state'
import type { OrderRow } from '../orders/orders.repository'
import type { PaymentsRepository } from './payments.repository'
import type { RegistrationService } from './registration.service'

export const checkoutErrors = {
  empty: 'This order has no products yet.',
  changed: 'The order changed while its payment page was being made. Please try again.',
}

type StockedLine = Awaited<ReturnType<OrderState['linesWithStock']>>[number]

/** What a payment page charges for: each product at its stored price and quantity, plus delivery. */
export const fingerprintOf = (lines: { productId: number; pricePence: number; quantity: number }[]) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        [...lines]
          .sort((a, b) => a.productId - b.productId)
          .map((l) => [l.productId, l.pricePence, l.quantity]),
        DELIVERY_CHARGE_PENCE,
      ]),
    )
    .digest('hex')

/**
 * An order nobody has paid for a day was left on the way. It is closed and its payment page switched off,
 * so that page cannot charge a price the catalogue may no longer ask, for stock bought meanwhile.
 */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000

export interface CheckoutServiceDeps {
  orders: OrderState
  repository: PaymentsRepository
  registration: RegistrationService
  provider: PaymentProvider
  publicUrl: string
  log: FastifyBaseLogger
  clock: Clock
}

/**
 * Payment pages for an order, built from its stored lines (never from what the browser sends), after a
 * fresh stock check. An order has at most one live page: an unchanged order gets its link back, a changed
 * one a new link while the old link (or session) is switched off.
 */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { orders, repository, registration, provider, log } = deps
  const afterPaymentUrl = (orderId: string) => `${deps.publicUrl}/order-confirmation/${orderId}`

  /** Reads and checks the order, and makes sure every line and the delivery have a provider price. */
  async function prepare(orderId: string, caller: OrderCaller) {
    const order = await orders.openForPayment(orderId, caller)
    const lines = await orders.linesWithStock(orderId)
    if (lines.length === 0) throw new ConflictError(checkoutErrors.empty)
    // Never trust an old cart: a product whose shop was suspended since it was added cannot be paid for.
    const offSale = lines.find((line) => !line.onSale)
    if (offSale) throw new ConflictError(orderErrors.offSale(offSale.productName))
    const short = lines.find((line) => line.quantity > line.stock)
    if (short) throw new ConflictError(orderErrors.outOfStock(short.productName, short.stock))
    const priced: (StockedLine & { priceId: string })[] = []
    for (const line of lines) {
      priced.push({ ...line, priceId: await registration.priceForLine(line.productId, line.pricePence) })
    }
    const checkoutLines: CheckoutLine[] = [
      ...priced.map((line) => ({
        priceId: line.priceId,
        quantity: line.quantity,
        name: line.productName,
        unitAmountPence: line.pricePence,
      })),
      {
        priceId: await registration.deliveryPrice(),
        quantity: 1,
        name: 'Delivery',
        unitAmountPence: DELIVERY_CHARGE_PENCE,
      },
    ]
    return { order, priced, checkoutLines, fingerprint: fingerprintOf(lines) }
  }

  /** Switches off pages an order no longer uses; a failure only leaves a page the webhook will refund. */
  async function retire(pages: PaymentPages) {
    try {
      if (pages.linkId) await provider.deactivatePaymentLink(pages.linkId)
      if (pages.sessionId) await provider.expireCheckoutSession(pages.sessionId)
    } catch (error) {
      log.warn({ err: error, ...pages }, 'could not switch off a replaced payment page')
    }
  }

  /**
   * Stores a page made outside any lock (no provider call ever waits inside a transaction), unless the
   * order changed or another request stored one for the same lines first; then ours is switched off.
   */
  async function store(
    prepared: Awaited<ReturnType<typeof prepare>>,
    page: { id: string; url: string },
    kind: 'link' | 'session',
  ): Promise<{ id: string; url: string }> {
    const { order, priced, fingerprint } = prepared
    const outcome = await repository.transaction(async (tx) => {
      const current = await orders.lockForPayment(tx, order.id)
      if (!current || !acceptsChanges(current)) return { error: new OrderClosedError(orderErrors.closed) }
      if (fingerprintOf(await orders.linesWithStock(order.id, tx)) !== fingerprint) {
        return { error: new ConflictError(checkoutErrors.changed) }
      }
      const stored = storedPage(current, kind)
      if (stored?.id === page.id) return { page: stored }
      if (kind === 'link' && stored && current.paymentFingerprint === fingerprint) return { page: stored }
      await orders.setPaymentPage(tx, current, {
        kind,
        id: page.id,
        url: page.url,
        fingerprint,
        linePriceIds: priced.map((line) => ({ id: line.id, stripePriceId: line.priceId })),
      })
      return { page, replaced: { linkId: current.paymentLinkId, sessionId: current.checkoutSessionId } }
    })
    if ('error' in outcome) {
      await retire(kind === 'link' ? { linkId: page.id } : { sessionId: page.id })
      throw outcome.error
    }
    if (outcome.page.id !== page.id)
      await retire(kind === 'link' ? { linkId: page.id } : { sessionId: page.id })
    if ('replaced' in outcome && outcome.replaced) await retire(outcome.replaced)
    return outcome.page
  }

  return {
    /** Switches off an order's pages once it no longer uses them (the orders module cancelled it). */
    switchOff: retire,

    /**
     * Closes an order left unpaid (ABANDONED_AFTER_MS), but only once the provider confirms that nothing
     * was paid: its pages are switched off first, so no payment can start while `paidMeanwhile` asks. A
     * payment that still lands later finds the order CANCELLED and is refunded by the webhook. Answers
     * whether it closed the order; an order paid meanwhile (or closed already) is left as it is.
     */
    async expire(orderId: string, paidMeanwhile: (order: OrderRow) => Promise<boolean>): Promise<boolean> {
      const order = await orders.find(orderId)
      if (!order || !acceptsChanges(order)) return false
      const hasPages = order.paymentLinkId !== null || order.checkoutSessionId !== null
      if (hasPages) {
        await retire({ linkId: order.paymentLinkId, sessionId: order.checkoutSessionId })
        if (await paidMeanwhile(order)) return false
      }
      try {
        const pages = await repository.transaction((tx) => orders.cancel(tx, orderId))
        if (pages) await retire(pages)
        return true
      } catch (error) {
        // Paid between the question and the lock: nothing to close.
        if (error instanceof OrderClosedError) return false
        throw error
      }
    },

    /** POST /api/stripe/create-payment-link: one payment allowed, back to the confirmation page after it. */
    async paymentLink(orderId: string, caller: OrderCaller): Promise<{ paymentLinkUrl: string }> {
      const prepared = await prepare(orderId, caller)
      const { order, fingerprint } = prepared
      const existing = storedPage(order, 'link')
      if (existing && order.paymentFingerprint === fingerprint) return { paymentLinkUrl: existing.url }
      const link = await provider.createPaymentLink({
        orderId,
        lines: prepared.checkoutLines,
        afterPaymentUrl: afterPaymentUrl(orderId),
        customerEmail: order.email || undefined,
        idempotencyKey: idempotencyKeys.paymentLink(orderId, order.paymentAttempts, fingerprint),
      })
      return { paymentLinkUrl: (await store(prepared, link, 'link')).url }
    },

    /** POST /api/stripe/create-checkout-session: a fresh session each time, the previous one expired. */
    async checkoutSession(orderId: string, caller: OrderCaller): Promise<{ url: string; sessionId: string }> {
      const prepared = await prepare(orderId, caller)
      const { order, fingerprint } = prepared
      const session = await provider.createCheckoutSession({
        orderId,
        lines: prepared.checkoutLines,
        afterPaymentUrl: afterPaymentUrl(orderId),
        cancelUrl: `${deps.publicUrl}/cart-page`,
        customerEmail: order.email || undefined,
        idempotencyKey: idempotencyKeys.checkoutSession(orderId, order.paymentAttempts, fingerprint),
      })
      const stored = await store(prepared, session, 'session')
      return { url: stored.url, sessionId: stored.id }
    },
  }
}

function storedPage(order: OrderRow, kind: 'link' | 'session') {
  const id = kind === 'link' ? order.paymentLinkId : order.checkoutSessionId
  const url = kind === 'link' ? order.paymentLinkUrl : order.checkoutSessionUrl
  return id && url ? { id, url } : undefined
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
