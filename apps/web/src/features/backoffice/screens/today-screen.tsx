import { useQuery } from '@tanstack/react-query'
import { LOW_STOCK_LEVEL, type VendorToday } from '@larder/shared'
import { Link } from '../../../framework/routing/router'
import { api } from '../../../lib/api-client'
import { useBackOffice } from '../backoffice-context'
import styles from '../backoffice.module.css'
import { pounds } from '../components/money'

const when = (iso: string | null) =>
  iso === null
    ? '—'
    : new Date(iso).toLocaleString('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/London',
      })

/** The shop's home screen: paid orders waiting to be packed, what is running low, the week's sales. */
export function TodayScreen() {
  const { me } = useBackOffice()
  const today = useQuery({
    queryKey: ['backoffice', 'today'],
    queryFn: ({ signal }) => api.get<VendorToday>('/api/vendor/today', { signal }),
  })
  return (
    <>
      <div className={styles.panel}>
        <h2>Today</h2>
        <p>
          Welcome{me.firstName ? `, ${me.firstName}` : ''}. Here is how {me.shop?.companyName ?? 'your shop'}{' '}
          is doing.
        </p>
        {today.isPending && <p role="status">Loading…</p>}
        {today.isError && <p role="alert">The figures could not be loaded.</p>}
        {today.data && (
          <dl className={styles.figures}>
            <div>
              <dt>Paid orders waiting</dt>
              <dd>{today.data.waiting.count}</dd>
            </div>
            <div>
              <dt>Sold in the last 7 days</dt>
              <dd>{pounds(today.data.week.sales)}</dd>
            </div>
            <div>
              <dt>Items sold, in orders</dt>
              <dd>
                {today.data.week.items} in {today.data.week.orders}
              </dd>
            </div>
          </dl>
        )}
      </div>
      {today.data && today.data.waiting.latest.length > 0 && (
        <div className={styles.panel}>
          <h2>Paid orders waiting to be packed</h2>
          <ul className={styles.list}>
            {today.data.waiting.latest.map((order) => (
              <li key={order.orderNumber}>
                <strong>{order.orderNumber}</strong>, paid {when(order.datePaid)}: {order.items}{' '}
                {order.items === 1 ? 'item' : 'items'} of yours, {pounds(order.total)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {today.data && (
        <div className={styles.panel}>
          <h2>Low in stock</h2>
          {today.data.lowStock.length === 0 ? (
            <p>Nothing on sale has {LOW_STOCK_LEVEL} or fewer left.</p>
          ) : (
            <ul className={styles.list}>
              {today.data.lowStock.map((product) => (
                <li key={product.id}>
                  <Link to={`/vendor/products/${product.id}`}>{product.productName}</Link>:{' '}
                  {product.qty === 0 ? 'out of stock' : `${product.qty} left`}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  )
}
