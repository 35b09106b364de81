/**
 * Where a shop's part of a paid order stands: nothing done yet (`WAITING`, to pack), `PACKED`, then
 * `DISPATCHED`. Each shop of a multi-shop order has its own part, and its own state.
 */
export const FULFILMENT_STATUSES = ['WAITING', 'PACKED', 'DISPATCHED'] as const
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number]

export const fulfilmentLabels: Record<FulfilmentStatus, string> = {
  WAITING: 'Waiting to pack',
  PACKED: 'Packed',
  DISPATCHED: 'Dispatched',
}

/** A refund the operator asked the payment provider for (`PENDING`), then one the provider made. */
export const REFUND_STATUSES = ['PENDING', 'REFUNDED'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/** An item at or under this many units shows on the shop's Today screen as low in stock. */
export const LOW_STOCK_THRESHOLD = 5

/** How many days the Today screen's sales figure covers. */
export const SALES_WINDOW_DAYS = 7

export const shopOrderMessages = {
  notPaid: 'This order is not paid (or was refunded), so there is nothing to pack or dispatch.',
  packFirst: 'Mark the order packed before dispatching it.',
  notRefundable: 'Only a paid order can be refunded.',
  nothingLeft: 'Everything paid for this order has been refunded already.',
  linesRefunded: 'One of these lines has been refunded already.',
  unknownLine: 'One of these lines is not a line of this order.',
  chooseLines: 'Choose at least one line to refund.',
  freeLines: 'These lines cost nothing, so there is nothing to refund.',
  refundIdTaken: 'This refund id belongs to another order.',
} as const
