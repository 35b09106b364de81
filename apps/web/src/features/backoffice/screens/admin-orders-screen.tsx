import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import { ORDER_STATUSES, type AdminOrderDetail, type RefundRequest } from '@larder/shared'
import { Link, useLocation } from '../../../framework/routing/router'
import { ApiError } from '../../../lib/api-client'
import {
  getAdminOrder,
  getAdminOrders,
  getShops,
  PAGE_SIZE,
  refundOrder,
  type AdminOrderFilters,
} from '../api/orders-api'
import styles from '../backoffice.module.css'
import { NoticeBox, TableFrame, type Notice } from '../components/form-bits'
import { addressLines, FulfilmentBadge, money, Pager, when } from './order-bits'
import own from './orders.module.css'

const statusLabel = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ')

type Filters = AdminOrderFilters

function FilterForm({ onApply }: { onApply: (filters: Filters) => void }) {
  const id = useId()
  const shops = useQuery({ queryKey: ['backoffice', 'shops'], queryFn: ({ signal }) => getShops(signal) })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => {
      const value = String(data.get(name) ?? '').trim()
      return value === '' ? undefined : value
    }
    onApply({
      status: text('status') as Filters['status'],
      shopId: text('shopId'),
      town: text('town'),
      from: text('from'),
      to: text('to'),
    })
  }
  return (
    <form className={own.filterForm} onSubmit={submit} aria-label="Filter orders">
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-status`}>
          Status
        </label>
        <select id={`${id}-status`} name="status" className={styles.input} defaultValue="">
          <option value="">Any</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-shop`}>
          Shop
        </label>
        <select id={`${id}-shop`} name="shopId" className={styles.input} defaultValue="">
          <option value="">Any</option>
          {shops.data?.map((shop) => (
            <option key={shop.id} value={shop.id}>
              {shop.companyName}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-town`}>
          Town
        </label>
        <input id={`${id}-town`} name="town" className={styles.input} maxLength={100} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-from`}>
          From
        </label>
        <input id={`${id}-from`} name="from" type="date" className={styles.input} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-to`}>
          To
        </label>
        <input id={`${id}-to`} name="to" type="date" className={styles.input} />
      </div>
      <button type="submit" className="button-primary">
        Filter
      </button>
    </form>
  )
}

function OrderTable() {
  const [filters, setFilters] = useState<Filters>({})
  const [page, setPage] = useState(0)
  const orders = useQuery({
    queryKey: ['backoffice', 'admin-orders', filters, page],
    queryFn: ({ signal }) => getAdminOrders({ ...filters, page }, signal),
  })
  return (
    <div className={styles.panel}>
      <h2>Orders</h2>
      <FilterForm
        onApply={(next) => {
          setFilters(next)
          setPage(0)
        }}
      />
      {orders.isPending && <p role="status">Loading…</p>}
      {orders.isError && (
        <p role="alert">
          {orders.error instanceof ApiError && orders.error.fromServer
            ? orders.error.message
            : 'The orders could not be loaded.'}
        </p>
      )}
      {orders.data && (
        <>
          <p className={styles.muted} role="status">
            {orders.data.total === 1 ? '1 order' : `${orders.data.total} orders`}
          </p>
          <TableFrame label="Orders">
            <table className={styles.table}>
              <caption className="visually-hidden">Orders</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Town</th>
                  <th scope="col">Shops</th>
                  <th scope="col">Total</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link to={`/admin/orders/${order.id}`}>{order.orderNumber}</Link>
                    </td>
                    <td>{when(order.orderDate)}</td>
                    <td>{order.customer || order.email}</td>
                    <td>{order.town}</td>
                    <td>{order.shops.map((shop) => shop.companyName).join(', ')}</td>
                    <td>{money(order.total)}</td>
                    <td>{statusLabel(order.orderStatus)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pager page={page} total={orders.data.total} size={PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </div>
  )
}

/** Refunds: per line (tick the lines) or in full; one refund id per form, so a second press asks nothing new. */
function RefundForm({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState<number[]>([])
  const [notice, setNotice] = useState<Notice | null>(null)
  const refundId = useRef(crypto.randomUUID())
  const refund = useMutation({
    mutationFn: (request: RefundRequest) => refundOrder(order.id, request),
    onSuccess: (updated, request) => {
      queryClient.setQueryData(['backoffice', 'admin-order', order.id], updated)
      void queryClient.invalidateQueries({ queryKey: ['backoffice', 'admin-orders'] })
      const made = updated.refunds.find((entry) => entry.id === request.refundId)
      setNotice({
        tone: 'success',
        text:
          made?.status === 'REFUNDED'
            ? `Refunded ${money(made.amount)}. The shopper has been e-mailed.`
            : `Refund of ${money(made?.amount ?? 0)} asked for: the payment provider is working on it.`,
      })
      setChosen([])
      refundId.current = crypto.randomUUID()
    },
    onError: (error) =>
      setNotice({
        tone: 'error',
        text:
          error instanceof ApiError && error.fromServer
            ? error.message
            : 'The refund could not be asked for.',
      }),
  })
  const open = order.lines.filter((line) => line.refundId === null && line.totalPrice > 0)
  if (order.refundable <= 0) {
    return (
      <p>
        {order.refunds.length > 0 ? 'Everything paid has been refunded.' : 'This order cannot be refunded.'}
      </p>
    )
  }
  const chosenTotal = open
    .filter((line) => chosen.includes(line.id))
    .reduce((sum, line) => sum + line.totalPrice, 0)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        refund.mutate({ refundId: refundId.current, scope: 'LINES', lineIds: chosen })
      }}
    >
      <fieldset className={styles.form}>
        <legend>Lines to refund</legend>
        {open.length === 0 && <p>Every line has been refunded; only the delivery is left.</p>}
        {open.map((line) => (
          <label key={line.id}>
            <input
              type="checkbox"
              checked={chosen.includes(line.id)}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked ? [...current, line.id] : current.filter((id) => id !== line.id),
                )
              }
            />{' '}
            {line.quantity} × {line.productName} ({line.shopName}): {money(line.totalPrice)}
          </label>
        ))}
      </fieldset>
      <p className={styles.actions}>
        <button type="submit" className="button-primary" disabled={refund.isPending || chosen.length === 0}>
          {chosen.length === 0 ? 'Refund selected lines' : `Refund selected lines (${money(chosenTotal)})`}
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={refund.isPending}
          onClick={() => refund.mutate({ refundId: refundId.current, scope: 'FULL' })}
        >
          Refund everything left ({money(order.refundable)})
        </button>
      </p>
      {refund.isPending && <p role="status">Asking the payment provider…</p>}
      <NoticeBox notice={notice} />
    </form>
  )
}

function OrderDetail({ orderId }: { orderId: string }) {
  const order = useQuery({
    queryKey: ['backoffice', 'admin-order', orderId],
    queryFn: ({ signal }) => getAdminOrder(orderId, signal),
    retry: false,
  })
  if (order.isPending) return <p role="status">Loading…</p>
  if (order.isError)
    return (
      <p role="alert">
        {order.error instanceof ApiError && order.error.status === 404
          ? 'There is no such order.'
          : 'The order could not be loaded.'}
      </p>
    )
  const data = order.data
  return (
    <>
      <div className={styles.panel}>
        <p>
          <Link to="/admin/orders">Back to orders</Link>
        </p>
        <h2>Order {data.orderNumber}</h2>
        <p>
          {statusLabel(data.orderStatus)} · placed {when(data.orderDate)} · paid {when(data.datePaid)}
        </p>
        <p>
          {data.customer} · {data.email} · {data.phone}
        </p>
        <h3>Delivery</h3>
        <address className={own.slip}>{addressLines(data.delivery)}</address>
        <TableFrame label="Lines">
          <table className={styles.table}>
            <caption className="visually-hidden">Lines</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Shop</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
                <th scope="col">Refund</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line) => (
                <tr key={line.id}>
                  <td className={line.refundId ? own.refunded : undefined}>{line.productName}</td>
                  <td>{line.shopName}</td>
                  <td>{money(line.price)}</td>
                  <td>{line.quantity}</td>
                  <td>{money(line.totalPrice)}</td>
                  <td>{line.refundId ? 'Refunded' : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
        <p>
          Sub total {money(data.subTotal)} · delivery {money(data.shipping)} · total paid{' '}
          <strong>{money(data.total)}</strong> · refunded {money(data.refunded)}
        </p>
        <h3>Shops</h3>
        <ul>
          {data.fulfilment.map((shop) => (
            <li key={shop.shopId}>
              {shop.companyName}: <FulfilmentBadge status={shop.status} />
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.panel}>
        <h2>Refunds</h2>
        {data.refunds.length > 0 && (
          <ul>
            {data.refunds.map((entry) => (
              <li key={entry.id}>
                {money(entry.amount)} ({entry.scope === 'FULL' ? 'everything left' : 'lines'}),{' '}
                {entry.status === 'REFUNDED'
                  ? `refunded ${when(entry.refundedAt)}`
                  : 'with the payment provider'}
                , by {entry.requestedBy}
              </li>
            ))}
          </ul>
        )}
        <RefundForm order={data} />
      </div>
    </>
  )
}

/** /admin/orders: every order; /admin/orders/<id>: one order, with its refunds. */
export function AdminOrdersScreen() {
  const { pathname } = useLocation()
  const one = /^\/admin\/orders\/([0-9a-f-]{36})\/?$/i.exec(pathname)
  return one?.[1] ? <OrderDetail orderId={one[1]} /> : <OrderTable />
}
