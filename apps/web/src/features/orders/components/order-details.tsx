import { formatPounds, shownPaymentStatus, type Order } from '@larder/shared'
import { UnitPrice } from '../../cart'
import skeleton from '../../../styles/skeleton.module.css'
import styles from '../order-confirmation-page.module.css'

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' })

function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)
}

const statusLabel = (status: string) => status.replace(/_/g, ' ')

/** The order as the server priced it: number, statuses, lines, totals and where it goes. */
export function OrderDetails({ order }: { order: Order }) {
  // The whole address, as the confirmation e-mail gives it: county and country too.
  const delivery = [
    order.deliveryAddress,
    order.deliveryCity,
    order.deliveryState,
    order.deliveryPostCode,
    order.deliveryCountry,
  ].filter(Boolean)
  return (
    <section className={styles.card} aria-labelledby="order-summary-heading">
      <div className={styles.cardHeader}>
        <div>
          <h2 id="order-summary-heading" className={styles.orderNumber}>
            Order {order.orderNumber}
          </h2>
          <p className={styles.muted}>Placed {formatDate(order.orderDate)}</p>
        </div>
        <dl className={styles.statuses}>
          <div>
            <dt>Order</dt>
            <dd className={styles.badge} data-status={order.orderStatus}>
              {statusLabel(order.orderStatus)}
            </dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd className={styles.badge} data-status={shownPaymentStatus(order)}>
              {statusLabel(shownPaymentStatus(order))}
            </dd>
          </div>
        </dl>
      </div>

      <table className={styles.lines}>
        <caption className="visually-hidden">Items in this order</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className={styles.number}>
              Qty
            </th>
            <th scope="col" className={styles.number}>
              Price
            </th>
            <th scope="col" className={styles.number}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.orderProducts.map((line) => (
            <tr key={line.productId}>
              <th scope="row">{line.productName}</th>
              <td className={styles.number}>{line.quantity}</td>
              <td className={styles.number}>
                {/* As the cart showed it: the price paid, and the sale price a discount took it down from. */}
                <UnitPrice
                  item={{ isFree: false, salePrice: line.salePrice ?? line.price, discountPrice: line.price }}
                />
              </td>
              <td className={styles.number}>{formatPounds(line.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className={styles.totals}>
        <div>
          <dt>Sub Total</dt>
          <dd>{formatPounds(order.subTotal)}</dd>
        </div>
        <div>
          {/* The cart's word for the same charge. */}
          <dt>Shipping</dt>
          <dd>{formatPounds(order.shippingChargers)}</dd>
        </div>
        <div className={styles.grandTotal}>
          <dt>Total</dt>
          <dd>{formatPounds(order.totalAmount)}</dd>
        </div>
      </dl>

      {delivery.length > 0 && (
        <div className={styles.address}>
          <h3 className={styles.addressHeading}>Delivering to</h3>
          <p>
            {order.deliveryFirstName} {order.deliveryLastName}
          </p>
          <p>{delivery.join(', ')}</p>
          {order.deliveryPhoneNumber && <p>Phone {order.deliveryPhoneNumber}</p>}
        </div>
      )}
    </section>
  )
}

export function OrderDetailsSkeleton() {
  return (
    <div className={styles.card} role="status" aria-label="Loading your order">
      <span className={`${skeleton.neutral} ${styles.skeleton} ${styles.skeletonTitle}`} />
      {Array.from({ length: 4 }, (_, index) => (
        <span key={index} className={`${skeleton.neutral} ${styles.skeleton} ${styles.skeletonLine}`} />
      ))}
    </div>
  )
}
