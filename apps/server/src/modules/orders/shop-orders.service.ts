import {
  LOW_STOCK_THRESHOLD,
  penceToPounds,
  SALES_WINDOW_DAYS,
  shopOrderMessages,
  type AdminOrderDetail,
  type AdminOrderSummary,
  type FulfilmentStatus,
  type OrderStatus,
  type RefundRequest,
  type ShopOrder,
  type ShopToday,
} from '@larder/shared'
import type { Database } from '../../db/client'
import type { JobRunner } from '../../jobs/job-runner'
import type { Clock } from '../../lib/clock'
import { ConflictError, NotFoundError } from '../../lib/domain-errors'
import type { AuditLog } from '../backoffice/audit-log'
import type { Actor, ShopMember } from '../backoffice/backoffice-scopes'
import type { MailQueue } from '../mail/mail-queue'
import { orderDispatchedMail } from './dispatch-mail'
import type { OrderLineRow, OrderRow } from './orders.repository'
import type { OrderShopStateRow, ShopOrdersRepository } from './shop-orders.repository'

/**
 * The operator's refunds, as payments provides them (modules/payments/refunds.service.ts): declared here
 * so that orders does not import payments (which changes orders through order-state.ts).
 */
export interface OrderRefunds {
  request(
    tx: Database,
    orderId: string,
    request: RefundRequest,
    requestedBy: string,
  ): Promise<{
    refund: { id: string; amountPence: number; scope: string }
    created: boolean
    before: unknown
    jobIds: (number | undefined)[]
  }>
  runNow(ids: (number | undefined)[]): Promise<void>
}

export interface ShopOrdersServiceDeps {
  repository: ShopOrdersRepository
  audit: AuditLog
  mail: MailQueue
  jobs: JobRunner
  clock: Clock
  publicUrl: string
  refunds: OrderRefunds
}

const DAY_MS = 24 * 60 * 60 * 1000
const iso = (date: Date | null) => (date ? date.toISOString() : null)
const pounds = (pence: number) => penceToPounds(pence)

const delivery = (order: OrderRow) => ({
  firstName: order.deliveryFirstName,
  lastName: order.deliveryLastName,
  address: order.deliveryAddress,
  city: order.deliveryCity,
  state: order.deliveryState,
  postCode: order.deliveryPostCode,
  country: order.deliveryCountry,
  phone: order.deliveryPhoneNumber,
})

const line = (row: OrderLineRow) => ({
  id: row.id,
  productId: row.productId,
  productName: row.productName,
  price: pounds(row.pricePence),
  quantity: row.quantity,
  totalPrice: pounds(row.totalPricePence),
})

/** A shop's part as the shop sees it: nothing of the order's other shops, not even the order's total. */
function shopOrder(part: {
  order: OrderRow
  state: OrderShopStateRow | null
  lines: OrderLineRow[]
}): ShopOrder {
  return {
    id: part.order.id,
    orderNumber: part.order.orderNumber,
    orderDate: part.order.orderDate.toISOString(),
    datePaid: iso(part.order.datePaid),
    status: part.state?.status ?? 'WAITING',
    packedAt: iso(part.state?.packedAt ?? null),
    dispatchedAt: iso(part.state?.dispatchedAt ?? null),
    delivery: delivery(part.order),
    lines: part.lines.map(line),
    shopTotal: pounds(part.lines.reduce((total, row) => total + row.totalPricePence, 0)),
  }
}

/**
 * The orders side of the back office. A shop sees and changes only its part of a paid order: its own
 * unrefunded lines (found through the products it sells, with the shop taken from the session), and its
 * own state, WAITING → PACKED → DISPATCHED. Rules, all on the server: nothing for an order that is not
 * paid or whose shop's lines were all refunded (409); no dispatch before packing (409); packing or
 * dispatching again changes nothing and sends nothing (idempotent, 200). A dispatch queues the shopper's
 * e-mail in its own transaction, keyed by order and shop, so one dispatch makes one mail. Every change
 * goes through the audit log.
 */
export function createShopOrdersService(deps: ShopOrdersServiceDeps) {
  const { repository, audit, mail, jobs, clock } = deps

  async function part(shopId: string, orderId: string, tx?: Database) {
    const [found] = await repository.shopParts(shopId, [orderId], tx)
    return found
  }

  async function advance(member: ShopMember, orderId: string, to: Exclude<FulfilmentStatus, 'WAITING'>) {
    const action = to === 'PACKED' ? 'order.pack' : 'order.dispatch'
    const jobIds = await audit.change(
      member,
      { action, entityType: 'order', shopId: member.shopId },
      async (tx) => {
        // The order's row lock: a refund of the same order and this change queue behind each other.
        const order = await repository.lockOrder(tx, orderId)
        const current = order ? await part(member.shopId, orderId, tx) : undefined
        if (!order || !current) {
          // Another shop's order is not found; the shop's own unpaid or refunded one is refused.
          if (order && (await repository.hasShopLines(tx, orderId, member.shopId)))
            throw new ConflictError(shopOrderMessages.notPaid)
          throw new NotFoundError(`Order ${orderId} not found`)
        }
        const state = await repository.lockState(tx, orderId, member.shopId)
        const status = state?.status ?? 'WAITING'
        const unchanged = { result: [] as (number | undefined)[], record: null }
        if (to === 'PACKED' && status !== 'WAITING') return unchanged
        if (to === 'DISPATCHED' && status === 'DISPATCHED') return unchanged
        if (to === 'DISPATCHED' && status === 'WAITING') throw new ConflictError(shopOrderMessages.packFirst)
        const now = clock()
        const saved = await repository.saveState(tx, {
          orderId,
          shopId: member.shopId,
          status: to,
          packedAt: state?.packedAt ?? now,
          dispatchedAt: to === 'DISPATCHED' ? now : null,
          updatedAt: now,
        })
        const queued: (number | undefined)[] = []
        if (to === 'DISPATCHED') {
          const shopName = await repository.shopName(member.shopId, tx)
          const message = orderDispatchedMail(order, shopName, current.lines, deps.publicUrl)
          queued.push(await mail.enqueue(tx, `order-dispatched:${orderId}:${member.shopId}`, message))
        }
        return {
          result: queued,
          record: {
            entityId: orderId,
            before: state ?? { orderId, shopId: member.shopId, status: 'WAITING' },
            after: saved,
          },
        }
      },
    )
    await jobs.runNow(jobIds)
    const after = await part(member.shopId, orderId)
    if (!after) throw new NotFoundError(`Order ${orderId} not found`)
    return shopOrder(after)
  }

  async function adminDetail(orderId: string): Promise<AdminOrderDetail> {
    const order = await repository.order(orderId)
    if (!order) throw new NotFoundError(`Order ${orderId} not found`)
    const [lines, states, refunds, shopsByOrder] = await Promise.all([
      repository.adminLines(orderId),
      repository.states(orderId),
      repository.refunds(orderId),
      repository.shopsOf([orderId]),
    ])
    const shops = shopsByOrder.get(orderId) ?? []
    const refundedPence = refunds.reduce((total, refund) => total + refund.amountPence, 0)
    const paid = order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_REFUNDED'
    return {
      ...summary(order, shops),
      datePaid: iso(order.datePaid),
      phone: order.phoneNumber,
      delivery: delivery(order),
      subTotal: pounds(order.subTotalPence),
      shipping: pounds(order.shippingPence),
      lines: lines.map((row) => ({
        ...line(row.line),
        shopId: row.shopId,
        shopName: row.shopName,
        refundId: row.refundId,
      })),
      fulfilment: shops.map((shop) => {
        const state = states.find((row) => row.shopId === shop.id)
        return {
          shopId: shop.id,
          companyName: shop.companyName,
          status: state?.status ?? 'WAITING',
          packedAt: iso(state?.packedAt ?? null),
          dispatchedAt: iso(state?.dispatchedAt ?? null),
        }
      }),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        scope: refund.scope,
        status: refund.status,
        amount: pounds(refund.amountPence),
        lineIds: refund.lineIds,
        requestedBy: refund.requestedBy,
        requestedAt: refund.requestedAt.toISOString(),
        refundedAt: iso(refund.refundedAt),
      })),
      refunded: pounds(refundedPence),
      refundable: paid ? pounds(Math.max(0, order.totalAmountPence - refundedPence)) : 0,
    }
  }

  const summary = (order: OrderRow, shops: { id: string; companyName: string }[]): AdminOrderSummary => ({
    id: order.id,
    orderNumber: order.orderNumber,
    orderDate: order.orderDate.toISOString(),
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    customer: `${order.deliveryFirstName} ${order.deliveryLastName}`.trim(),
    email: order.email,
    town: order.deliveryCity,
    total: pounds(order.totalAmountPence),
    shops,
  })

  return {
    async shopOrders(
      member: ShopMember,
      options: { status?: FulfilmentStatus; page: number; size: number },
    ): Promise<{ orders: ShopOrder[]; total: number }> {
      const { ids, total } = await repository.shopOrderPage(member.shopId, options)
      const parts = await repository.shopParts(member.shopId, ids)
      return { orders: parts.map(shopOrder), total }
    },

    async shopOrder(member: ShopMember, orderId: string): Promise<ShopOrder> {
      const found = await part(member.shopId, orderId)
      if (!found) throw new NotFoundError(`Order ${orderId} not found`)
      return shopOrder(found)
    },

    pack: (member: ShopMember, orderId: string) => advance(member, orderId, 'PACKED'),
    dispatch: (member: ShopMember, orderId: string) => advance(member, orderId, 'DISPATCHED'),

    async today(member: ShopMember): Promise<ShopToday> {
      const since = new Date(clock().getTime() - SALES_WINDOW_DAYS * DAY_MS)
      const figures = await repository.today(member.shopId, { threshold: LOW_STOCK_THRESHOLD, since })
      const waiting = await this.shopOrders(member, { status: 'WAITING', page: 0, size: 5 })
      return {
        waitingToPack: figures.waitingToPack,
        waitingOrders: waiting.orders,
        lowStock: figures.lowStock,
        weekSales: pounds(figures.weekSalesPence),
      }
    },

    async adminOrders(options: {
      status?: OrderStatus
      shopId?: string
      town?: string
      from?: string
      to?: string
      page: number
      size: number
    }): Promise<{ orders: AdminOrderSummary[]; total: number }> {
      const { rows, total } = await repository.adminPage({
        ...options,
        from: options.from === undefined ? undefined : new Date(`${options.from}T00:00:00Z`),
        // `to` is a whole day, included: before the start of the next.
        to: options.to === undefined ? undefined : new Date(Date.parse(`${options.to}T00:00:00Z`) + DAY_MS),
      })
      const shops = await repository.shopsOf(rows.map((row) => row.id))
      return { orders: rows.map((row) => summary(row, shops.get(row.id) ?? [])), total }
    },

    adminOrder: adminDetail,

    /** A refund through the audit log; the provider is asked after the commit (and retried by the job). */
    async refund(actor: Actor, orderId: string, request: RefundRequest) {
      const asked = await audit.change(
        actor,
        { action: 'order.refund', entityType: 'order', shopId: null },
        async (tx) => {
          const result = await deps.refunds.request(tx, orderId, request, actor.login)
          return {
            result,
            record: result.created
              ? {
                  entityId: orderId,
                  before: result.before,
                  after: { refund: result.refund },
                }
              : null,
          }
        },
      )
      await deps.refunds.runNow(asked.jobIds)
      return { created: asked.created, order: await adminDetail(orderId) }
    },
  }
}

export type ShopOrdersService = ReturnType<typeof createShopOrdersService>
