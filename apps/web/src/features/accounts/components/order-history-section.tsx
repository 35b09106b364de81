import { RefreshCw } from 'lucide-react'
import skeleton from '../../../styles/skeleton.module.css'
import { useState } from 'react'
import { Pagination } from '../../../components/pagination'
import { ORDER_HISTORY_PAGE_SIZE, useAccountOrders } from '../api/get-account-orders'
import { OrderHistory } from './order-history'
import styles from './order-history.module.css'

/** The logged-in shopper's orders from GET /api/account/orders, with loading and retry states. */
export function OrderHistorySection() {
  const [page, setPage] = useState(0)
  const orders = useAccountOrders(page)
  if (orders.isPending) {
    return (
      <section className={styles.section} aria-labelledby="order-history-heading" aria-busy="true">
        <h2 id="order-history-heading" className={styles.heading}>
          Order history
        </h2>
        <div role="status" aria-label="Loading your orders" className={styles.skeletonRows}>
          {Array.from({ length: 3 }, (_, index) => (
            <span key={index} className={`${skeleton.neutral} ${styles.skeleton}`} />
          ))}
        </div>
      </section>
    )
  }
  if (orders.isError) {
    return (
      <section className={styles.section} aria-labelledby="order-history-heading">
        <h2 id="order-history-heading" className={styles.heading}>
          Order history
        </h2>
        <div role="alert" className={styles.problem}>
          <p>We couldn’t load your orders just now.</p>
          <button
            type="button"
            className={styles.retry}
            onClick={() => void orders.refetch()}
            disabled={orders.isRefetching}
          >
            <RefreshCw aria-hidden="true" size={18} />
            {orders.isRefetching ? 'Trying again…' : 'Try again'}
          </button>
        </div>
      </section>
    )
  }
  const { orders: shown, total } = orders.data
  return (
    <OrderHistory orders={shown}>
      <Pagination page={page} total={total} size={ORDER_HISTORY_PAGE_SIZE} onChange={setPage} />
    </OrderHistory>
  )
}
