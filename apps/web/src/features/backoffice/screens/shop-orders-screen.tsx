import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ShopOrder } from '@larder/shared'
import { Link, useLocation } from '../../../framework/routing/router'
import { ApiError } from '../../../lib/api-client'
import {
  getShopOrder,
  getShopOrders,
  markDispatched,
  markPacked,
  PAGE_SIZE,
  type ShopOrderFilter,
} from '../api/orders-api'
import { useBackOffice } from '../backoffice-context'
import styles from '../backoffice.module.css'
import { NoticeBox, TableFrame, type Notice } from '../components/form-bits'
import { addressLines, FulfilmentBadge, money, Pager, when } from './order-bits'
import own from './orders.module.css'
import { FRESH_ON_OPEN } from '../api/query-options'

const FILTERS: { value: ShopOrderFilter; label: string }[] = [
  { value: 'waiting', label: 'Waiting to pack' },
  { value: 'packed', label: 'Packed' },
  { value: 'dispatched', label: 'Dispatched' },
  { value: 'all', label: 'All' },
]

const failure = (error: unknown) =>
  error instanceof ApiError && error.fromServer ? error.message : 'That did not work. Please try again.'

/** One shop's part of an order, with the next step it can take. */
function OrderCard({ order, onNotice }: { order: ShopOrder; onNotice: (notice: Notice) => void }) {
  const queryClient = useQueryClient()
  const step = useMutation({
    mutationFn: () => (order.status === 'WAITING' ? markPacked(order.id) : markDispatched(order.id)),
    onSuccess: (updated) => {
      onNotice({
        tone: 'success',
        text:
          updated.status === 'DISPATCHED'
            ? `Order ${updated.orderNumber} dispatched. The shopper has been e-mailed.`
            : `Order ${updated.orderNumber} packed.`,
      })
      void queryClient.invalidateQueries({ queryKey: ['backoffice', 'shop-orders'] })
      void queryClient.invalidateQueries({ queryKey: ['backoffice', 'today'] })
    },
    onError: (error) => onNotice({ tone: 'error', text: failure(error) }),
  })
  const headingId = `order-${order.id}`
  return (
    <li className={own.order} aria-labelledby={headingId}>
      <h3 id={headingId}>Order {order.orderNumber}</h3>
      <p className={styles.muted}>
        Paid {when(order.datePaid)} · to {order.delivery.city || '—'} ·{' '}
        <FulfilmentBadge status={order.status} />
      </p>
      <ul className={own.lines}>
        {order.lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.productName} ({money(line.totalPrice)})
          </li>
        ))}
      </ul>
      <p>
        Your lines: <strong>{money(order.shopTotal)}</strong>
      </p>
      <p className={styles.actions}>
        {order.status !== 'DISPATCHED' && (
          <button
            type="button"
            className="button-primary"
            disabled={step.isPending}
            onClick={() => step.mutate()}
          >
            {step.isPending ? 'Saving…' : order.status === 'WAITING' ? 'Mark packed' : 'Mark dispatched'}
          </button>
        )}
        <Link className="button-secondary" to={`/vendor/orders/${order.id}/slip`}>
          Packing slip
        </Link>
      </p>
    </li>
  )
}

function OrderList() {
  const [filter, setFilter] = useState<ShopOrderFilter>('waiting')
  const [page, setPage] = useState(0)
  const [notice, setNotice] = useState<Notice | null>(null)
  const orders = useQuery({
    queryKey: ['backoffice', 'shop-orders', filter, page],
    queryFn: ({ signal }) => getShopOrders(filter, page, signal),
    ...FRESH_ON_OPEN,
  })
  return (
    <div className={styles.panel}>
      <h2>Orders</h2>
      <div className={own.filters} role="group" aria-label="Show orders">
        {FILTERS.map((entry) => (
          <button
            key={entry.value}
            type="button"
            className={`button-secondary ${own.filter}`}
            aria-pressed={entry.value === filter}
            onClick={() => {
              setFilter(entry.value)
              setPage(0)
            }}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <NoticeBox notice={notice} />
      {orders.isPending && <p role="status">Loading…</p>}
      {orders.isError && <p role="alert">The orders could not be loaded.</p>}
      {orders.data?.orders.length === 0 && <p>No orders here.</p>}
      {orders.data && orders.data.orders.length > 0 && (
        <ul className={own.orderList} aria-label="Orders">
          {orders.data.orders.map((order) => (
            <OrderCard key={order.id} order={order} onNotice={setNotice} />
          ))}
        </ul>
      )}
      {orders.data && <Pager page={page} total={orders.data.total} size={PAGE_SIZE} onPage={setPage} />}
    </div>
  )
}

/** The packing slip: the shop's lines, the delivery address and the order number, to print and put in the box. */
function PackingSlip({ orderId }: { orderId: string }) {
  const { me } = useBackOffice()
  const order = useQuery({
    queryKey: ['backoffice', 'shop-orders', 'one', orderId],
    queryFn: ({ signal }) => getShopOrder(orderId, signal),
    retry: false,
  })
  return (
    <div className={styles.panel}>
      <p className={`${styles.actions} ${own.noPrint}`}>
        <Link className="button-secondary" to="/vendor/orders">
          Back to orders
        </Link>
        {order.data && (
          <button type="button" className="button-primary" onClick={() => window.print()}>
            Print
          </button>
        )}
      </p>
      {order.isPending && <p role="status">Loading…</p>}
      {order.isError && <p role="alert">{failure(order.error)}</p>}
      {order.data && (
        <article className={own.slip} aria-labelledby="slip-heading">
          <h2 id="slip-heading">Packing slip · order {order.data.orderNumber}</h2>
          <p>
            From {me.shop?.companyName ?? 'your shop'} · paid {when(order.data.datePaid)}
          </p>
          <h3>Deliver to</h3>
          <address>{addressLines(order.data.delivery)}</address>
          <p>{order.data.delivery.phone}</p>
          <TableFrame label="Items to pack">
            <table className={styles.table}>
              <caption className="visually-hidden">Items to pack</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Packed</th>
                </tr>
              </thead>
              <tbody>
                {order.data.lines.map((line) => (
                  <tr key={line.id}>
                    <td>{line.productName}</td>
                    <td>{line.quantity}</td>
                    <td aria-label="Tick when packed">☐</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        </article>
      )}
    </div>
  )
}

/** /vendor/orders: the shop's parts of paid orders; /vendor/orders/<id>/slip: one part's packing slip. */
export function ShopOrdersScreen() {
  const { pathname } = useLocation()
  const slip = /^\/vendor\/orders\/([0-9a-f-]{36})\/slip\/?$/i.exec(pathname)
  return slip?.[1] ? <PackingSlip orderId={slip[1]} /> : <OrderList />
}
