import { formatPounds, shownPaymentStatus } from '@larder/shared'
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

/** 'REFUND_PENDING' → 'Refund pending'. */
const titleCase = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ')

/** The history's columns after the order number: the table's headers and the cards' labels alike. */
const columns: readonly [label: string, value: (order: OrderSummary) => string][] = [
  ['Date', (order) => formatDate(order.orderDate)],
  ['Status', (order) => titleCase(order.orderStatus)],
  ['Payment', (order) => titleCase(shownPaymentStatus(order))],
  ['Total', (order) => formatPounds(order.totalAmount)],
]

const orderLink = (order: OrderSummary) => (
  <Link to={paths.orderConfirmation.getHref(order.id)}>{order.orderNumber}</Link>
)

/**
 * `children` go under the orders: the pager, when there is more than one page. A table on wide screens;
 * on narrow ones (order-history.module.css) a card per order, its every value labelled, since five
 * columns do not fit a phone and a table scrolled sideways hides its last columns with no sign of them.
 */
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
        <>
          {/* Focusable and named: should the table ever be wider than its box, it scrolls by keyboard too. */}
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Your orders">
            <table className={styles.table}>
              <caption className="visually-hidden">Your orders, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  {columns.map(([label]) => (
                    <th key={label} scope="col">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">{orderLink(order)}</th>
                    {columns.map(([label, value]) => (
                      <td key={label}>{value(order)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ol className={styles.cards} aria-label="Your orders, newest first">
            {orders.map((order) => (
              <li key={order.id} className={styles.card}>
                <p className={styles.cardTitle}>Order {orderLink(order)}</p>
                <dl className={styles.cardFields}>
                  {columns.map(([label, value]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{value(order)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
      {children}
    </section>
  )
}
