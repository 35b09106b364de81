import type { Order } from '@larder/shared'
import { CircleAlert, CircleCheck, Clock, RotateCcw, XCircle, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import styles from '../order-confirmation-page.module.css'

interface StatusView {
  tone: 'success' | 'waiting' | 'problem'
  Icon: LucideIcon
  title: string
  text: string
}

/**
 * A payment confirms within seconds of the card form; an order still unpaid an hour after it was placed
 * was left on the way (the shopper never paid, or came back to the cart), and "waiting" would mislead.
 * Never said of the order this tab has just been sent to pay for: its payment page may have stayed open
 * for an hour, and the browser's clock may be wrong.
 */
export const UNPAID_AFTER_MS = 60 * 60 * 1000

type BannerOrder = Pick<Order, 'orderStatus' | 'paymentStatus' | 'orderDate'>

/**
 * An order the shopper can pay from its page: open, not paid, and not the one this tab has just been sent
 * to pay for while its payment may be on the way (a declined card excepted). Whether it can still be paid
 * (stock, closed meanwhile) the server decides when asked for the payment page.
 */
export const payableHere = (order: BannerOrder, sentToPayFromHere: boolean) =>
  order.orderStatus === 'PENDING' &&
  (order.paymentStatus === 'FAILED' || (order.paymentStatus === 'PENDING' && !sentToPayFromHere))

export const leftUnpaid = (order: BannerOrder, sentToPayFromHere: boolean, now = Date.now()) =>
  !sentToPayFromHere &&
  order.orderStatus === 'PENDING' &&
  order.paymentStatus === 'PENDING' &&
  now - Date.parse(order.orderDate) > UNPAID_AFTER_MS

/** What each state means for the shopper, said plainly: pending and failed states shown honestly. */
export function statusView(order: BannerOrder, sentToPayFromHere = false, now = Date.now()): StatusView {
  switch (order.orderStatus) {
    case 'PAID':
      return {
        tone: 'success',
        Icon: CircleCheck,
        title: 'Thank you, your order is confirmed',
        text: 'Your payment has been received and the shops are preparing your order.',
      }
    case 'REFUND_PENDING':
      return {
        tone: 'problem',
        Icon: RotateCcw,
        title: 'We could not fulfil your order',
        text: 'Your payment arrived after some items had sold out, or after this order was replaced by a newer one. We are refunding it to your card; refunds take 3 to 4 business days.',
      }
    case 'REFUNDED':
      return {
        tone: 'problem',
        Icon: RotateCcw,
        title: 'Your payment has been refunded',
        // Refunded because it could not be filled (fulfilment.service.ts), or by Larder's operator.
        text: 'The full amount goes back to your card and takes 3 to 4 business days to appear. Either we could not fill this order (your payment arrived after something in it had sold out, or after the order was replaced by a newer one), or it was refunded at your or the shop’s request.',
      }
    case 'PARTIALLY_REFUNDED':
      return {
        tone: 'success',
        Icon: RotateCcw,
        title: 'Part of your order has been refunded',
        text: 'The refunded items go back to your card within 3 to 4 business days; the shops are preparing the rest of your order.',
      }
    case 'CANCELLED':
      return {
        tone: 'problem',
        Icon: XCircle,
        title: 'This order was cancelled',
        // Only an unpaid order is cancelled (a payment arriving later is refunded, REFUND_PENDING): by the
        // shopper's browser when the cart was ordered again, or by the shop after a day unpaid.
        text: 'It was never paid: nothing was taken from your card and nothing will be delivered. Orders left unpaid for a day, or replaced by a newer order, are cancelled. To buy these items, add them to your cart and check out again.',
      }
    case 'PENDING':
      return order.paymentStatus === 'FAILED'
        ? {
            tone: 'problem',
            Icon: CircleAlert,
            title: 'Your payment did not go through',
            text: 'No money was taken. You can pay now with another card, or go back to your cart and try again.',
          }
        : leftUnpaid(order, sentToPayFromHere, now)
          ? {
              tone: 'problem',
              Icon: CircleAlert,
              title: 'This order was not paid',
              text: 'No payment has reached us for it, and nothing was taken from your card. You can still pay for it now, if the shops have everything in it.',
            }
          : !sentToPayFromHere
            ? {
                tone: 'waiting',
                Icon: Clock,
                title: 'This order is waiting for payment',
                text: 'Nothing has been paid for it yet. If you have just paid, this page updates by itself; if not, you can pay now.',
              }
            : {
                tone: 'waiting',
                Icon: Clock,
                title: 'Waiting for your payment to be confirmed…',
                text: 'This usually takes a few seconds. You can keep this page open; it updates by itself.',
              }
  }
}

const toneClass = { success: styles.success, waiting: styles.waiting, problem: styles.problem } as const

/** `children`: what the shopper can do about it (Pay now), under the text. */
export function OrderStatusBanner({
  order,
  sentToPayFromHere,
  children,
}: {
  order: Order
  sentToPayFromHere: boolean
  children?: ReactNode
}) {
  const { tone, Icon, title, text } = statusView(order, sentToPayFromHere)
  return (
    <div className={`${styles.banner} ${toneClass[tone]}`} role="status">
      <Icon aria-hidden="true" size={32} className={styles.bannerIcon} />
      <div className={styles.bannerBody}>
        <p className={styles.bannerTitle}>{title}</p>
        <p>{text}</p>
        {children}
      </div>
    </div>
  )
}
