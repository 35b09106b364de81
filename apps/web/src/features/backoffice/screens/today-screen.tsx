import { useQuery } from '@tanstack/react-query'
import { LOW_STOCK_THRESHOLD, SALES_WINDOW_DAYS } from '@larder/shared'
import { Link } from '../../../framework/routing/router'
import { getToday } from '../api/orders-api'
import { useBackOffice } from '../backoffice-context'
import styles from '../backoffice.module.css'
import { money } from './order-bits'
import own from './orders.module.css'
import { FRESH_ON_OPEN } from '../api/query-options'

/** The shop's home screen: what waits to be packed, what runs low, and the week's sales. */
export function TodayScreen() {
  const { me } = useBackOffice()
  const today = useQuery({
    queryKey: ['backoffice', 'today'],
    queryFn: ({ signal }) => getToday(signal),
    ...FRESH_ON_OPEN,
  })
  return (
    <>
      <div className={styles.panel}>
        <h2>Today</h2>
        <p>
          Welcome{me.firstName ? `, ${me.firstName}` : ''}. From here you run{' '}
          {me.shop?.companyName ?? 'your shop'} on Larder.
        </p>
        {today.isPending && <p role="status">Loading…</p>}
        {today.isError && <p role="alert">Today’s figures could not be loaded.</p>}
        {today.data && (
          <dl className={own.figures}>
            <div className={own.figure}>
              <dt>Orders waiting to be packed</dt>
              <dd>{today.data.waitingToPack}</dd>
            </div>
            <div className={own.figure}>
              <dt>Items low in stock</dt>
              <dd>{today.data.lowStock.length}</dd>
            </div>
            <div className={own.figure}>
              <dt>Sales, last {SALES_WINDOW_DAYS} days</dt>
              <dd>{money(today.data.weekSales)}</dd>
            </div>
          </dl>
        )}
        <p className={styles.actions}>
          <Link className="button-primary" to="/vendor/orders">
            See orders
          </Link>
          <Link className="button-secondary" to="/vendor/team">
            Invite your staff
          </Link>
        </p>
      </div>
      {today.data && today.data.waitingOrders.length > 0 && (
        <div className={styles.panel}>
          <h2>Waiting to be packed</h2>
          <ul>
            {today.data.waitingOrders.map((order) => (
              <li key={order.id}>
                Order {order.orderNumber}: {order.lines.reduce((n, line) => n + line.quantity, 0)} items,{' '}
                {money(order.shopTotal)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {today.data && (
        <div className={styles.panel}>
          <h2>Low in stock</h2>
          {today.data.lowStock.length === 0 ? (
            <p>Nothing is at or under {LOW_STOCK_THRESHOLD} units.</p>
          ) : (
            <ul>
              {today.data.lowStock.map((item) => (
                <li key={item.id}>
                  <Link to={`/vendor/products/${item.id}`}>{item.productName}</Link>:{' '}
                  {item.qty === 0 ? 'sold out' : `${item.qty} left`}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  )
}
