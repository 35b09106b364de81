import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import {
  ORDER_STATUSES,
  type AdminOrderDetail,
  type AdminOrderSummary,
  type RefundRequest,
} from '@larder/shared'
import { Link, useLocation } from '../../../framework/routing/router'
import { ApiError } from '../../../lib/api-client'
import { lazyZodResolver, usePreloadedResolver } from '../../../lib/lazy-zod-resolver'
import {
  getAdminOrder,
  getAdminOrders,
  getShops,
  PAGE_SIZE,
  refundOrder,
  type AdminOrderFilters,
} from '../api/orders-api'
import styles from '../backoffice.module.css'
import { BackOfficeTable, pageCountOf, type Column } from '../components/back-office-table'
import { type Notice, NoticeBox, serverMessage, TableFrame } from '../components/form-bits'
import {
  CheckboxField,
  emptyAsUndefined,
  SelectField,
  SubmitButton,
  TextField,
} from '../components/form-fields'
import { addressLines, FulfilmentBadge, money, when } from './order-bits'
import own from './orders.module.css'
import { FRESH_ON_OPEN } from '../api/query-options'

const statusLabel = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ')

// The list's own query schema (GET /api/admin/orders), loaded lazily; an empty field is no filter.
const resolver = lazyZodResolver(() => import('../form-schemas').then((m) => m.AdminOrdersQuerySchema))
// The ticked lines, by the refund request's own rule for them.
const refundResolver = lazyZodResolver(() => import('../form-schemas').then((m) => m.RefundLinesFormSchema))

function FilterForm({ onApply }: { onApply: (filters: AdminOrderFilters) => void }) {
  const shops = useQuery({ queryKey: ['backoffice', 'shops'], queryFn: ({ signal }) => getShops(signal) })
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: {} })
  const preloadRules = usePreloadedResolver(resolver)
  const optional = { setValueAs: emptyAsUndefined }
  const submit = handleSubmit(({ status, shopId, town, from, to }) =>
    onApply({ status, shopId, town, from, to }),
  )
  return (
    <form
      className={own.filterForm}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={preloadRules}
      aria-label="Filter orders"
    >
      <SelectField
        label="Status"
        register={register('status', optional)}
        error={errors.status?.message}
        options={[
          { value: '', label: 'Any' },
          ...ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
        ]}
      />
      <SelectField
        label="Shop"
        register={register('shopId', optional)}
        error={errors.shopId?.message}
        options={[
          { value: '', label: 'Any' },
          ...(shops.data ?? []).map((shop) => ({ value: shop.id, label: shop.companyName })),
        ]}
      />
      <TextField
        label="Town"
        maxLength={100}
        register={register('town', optional)}
        error={errors.town?.message}
      />
      <TextField
        label="From"
        type="date"
        register={register('from', optional)}
        error={errors.from?.message}
      />
      <TextField label="To" type="date" register={register('to', optional)} error={errors.to?.message} />
      <SubmitButton>Filter</SubmitButton>
    </form>
  )
}

const columns: Column<AdminOrderSummary>[] = [
  { header: 'Order', cell: (order) => <Link to={`/admin/orders/${order.id}`}>{order.orderNumber}</Link> },
  { header: 'Placed', cell: (order) => when(order.orderDate) },
  { header: 'Customer', cell: (order) => order.customer || order.email },
  { header: 'Town', cell: (order) => order.town },
  { header: 'Shops', cell: (order) => order.shops.map((shop) => shop.companyName).join(', ') },
  { header: 'Total', cell: (order) => money(order.total) },
  { header: 'Status', cell: (order) => statusLabel(order.orderStatus) },
]

function OrderTable() {
  const [filters, setFilters] = useState<AdminOrderFilters>({})
  const [page, setPage] = useState(0)
  const orders = useQuery({
    queryKey: ['backoffice', 'admin-orders', filters, page],
    queryFn: ({ signal }) => getAdminOrders({ ...filters, page }, signal),
    ...FRESH_ON_OPEN,
  })
  const total = orders.data?.total ?? 0
  return (
    <div className={styles.panel}>
      <h2>Orders</h2>
      <BackOfficeTable
        label="Orders"
        filters={
          <FilterForm
            onApply={(next) => {
              setFilters(next)
              setPage(0)
            }}
          />
        }
        columns={columns}
        rows={orders.data?.orders}
        rowKey={(order) => order.id}
        loading={orders.isPending}
        error={orders.isError ? serverMessage(orders.error, 'The orders could not be loaded.') : null}
        summary={orders.data ? (total === 1 ? '1 order' : `${total} orders`) : undefined}
        empty="No orders match."
        paging={{ page, pageCount: pageCountOf(total, PAGE_SIZE), onPage: setPage }}
      />
    </div>
  )
}

/** Refunds: per line (tick the lines) or in full; one refund id per form, so a second press asks nothing new. */
function RefundForm({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<Notice | null>(null)
  const refundId = useRef(crypto.randomUUID())
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({ resolver: refundResolver, defaultValues: { lineIds: [] as string[] } })
  const preloadRules = usePreloadedResolver(refundResolver)
  const chosen = useWatch({ control, name: 'lineIds' })
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
      reset({ lineIds: [] })
      refundId.current = crypto.randomUUID()
    },
    onError: (error) =>
      setNotice({ tone: 'error', text: serverMessage(error, 'The refund could not be asked for.') }),
  })
  // Built in the event: the refund id is read when the form is sent, not while it renders.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit(({ lineIds }) =>
      refund.mutate({ refundId: refundId.current, scope: 'LINES', lineIds }),
    )(event)
  const open = order.lines.filter((line) => line.refundId === null && line.totalPrice > 0)
  if (order.refundable <= 0) {
    return (
      <p>
        {order.refunds.length > 0 ? 'Everything paid has been refunded.' : 'This order cannot be refunded.'}
      </p>
    )
  }
  const chosenTotal = open
    .filter((line) => chosen.includes(String(line.id)))
    .reduce((sum, line) => sum + line.totalPrice, 0)
  return (
    <form noValidate onSubmit={submit} onFocus={preloadRules}>
      <fieldset className={styles.form}>
        <legend>Lines to refund</legend>
        {open.length === 0 && <p>Every line has been refunded; only the delivery is left.</p>}
        {open.map((line) => (
          <CheckboxField
            key={line.id}
            value={String(line.id)}
            label={`${line.quantity} × ${line.productName} (${line.shopName}): ${money(line.totalPrice)}`}
            register={register('lineIds')}
          />
        ))}
        {errors.lineIds?.message && (
          <p className={styles.error} role="alert">
            {errors.lineIds.message}
          </p>
        )}
      </fieldset>
      <p className={styles.actions}>
        <SubmitButton busy={refund.isPending} busyLabel="Asking…" disabled={chosen.length === 0}>
          {chosen.length === 0 ? 'Refund selected lines' : `Refund selected lines (${money(chosenTotal)})`}
        </SubmitButton>
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
