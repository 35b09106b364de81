import { formatPounds } from '@larder/shared'
import { ShoppingBag } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import styles from './order-history.module.css'

/**
 * What the history shows of an order. Orders come from the checkout, whose OrderSchema (the Order's
 * fields) has these among others, so its orders can be passed in as they are.
 */
export interface OrderSummary {
  id: string
  orderNumber: string
  orderDate: string
  orderStatus: string
  paymentStatus: string
  totalAmount: number
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })

function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)
}

const titleCase = (status: string) => status.charAt(0) + status.slice(1).toLowerCase()

/** `children` go under the table: the pager, when there is more than one page. */
export function OrderHistory({
  orders,
  children,
}: {
  orders: readonly OrderSummary[]
  children?: ReactNode
}) {
  return (
    <section className={styles.section} aria-labelledby="order-history-heading">
      <h2 id="order-history-heading" className={styles.heading}>
        Order history
      </h2>
      {orders.length === 0 ? (
        <div className={styles.empty}>
          <ShoppingBag aria-hidden="true" size={32} className={styles.emptyIcon} />
          <p className={styles.emptyTitle}>No orders yet</p>
          <p className={styles.emptyText}>When you place an order, you will find it here.</p>
          <Link to={paths.products.getHref()} className={`button-primary ${styles.shopLink}`}>
            Start shopping
          </Link>
        </div>
      ) : (
        // Focusable and named: on a phone the table scrolls sideways inside it, by keyboard too.
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Your orders">
          <table className={styles.table}>
            <caption className="visually-hidden">Your orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col" className={styles.amount}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={paths.orderConfirmation.getHref(order.id)}>{order.orderNumber}</Link>
                  </th>
                  <td>{formatDate(order.orderDate)}</td>
                  <td>{titleCase(order.orderStatus)}</td>
                  <td>{titleCase(order.paymentStatus)}</td>
                  <td className={styles.amount}>{formatPounds(order.totalAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {children}
    </section>
  )
}
