/*
 * A module of its own, with no imports: the pages that show an order's statuses (the account's history,
 * the confirmation page) load this alone, not order.ts and the delivery towns its messages name.
 */

/**
 * The payment state a shopper is shown: a cancelled order was never paid (a payment that lands after the
 * cancellation makes it REFUND_PENDING instead), and its payment will not come, so it is NOT_PAID rather
 * than PENDING or FAILED.
 */
export const shownPaymentStatus = (order: { orderStatus: string; paymentStatus: string }): string =>
  order.orderStatus === 'CANCELLED' && (order.paymentStatus === 'PENDING' || order.paymentStatus === 'FAILED')
    ? 'NOT_PAID'
    : order.paymentStatus
