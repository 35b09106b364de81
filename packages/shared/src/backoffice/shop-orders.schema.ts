import { z } from 'zod'
import { OrderStatusSchema, PaymentStatusSchema } from '../orders/order.schema'
import { FULFILMENT_STATUSES, REFUND_STATUSES, shopOrderMessages } from './shop-orders'

const Pounds = z.number()
const PageFields = {
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
}

export const FulfilmentStatusSchema = z.enum(FULFILMENT_STATUSES)

export const BackOfficeOrderParamsSchema = z.object({
  orderId: z.uuid({ message: 'orderId must be an order id (a UUID)' }),
})

/** GET /api/vendor/orders: the shop's parts of paid orders, by state (`waiting`, `packed`, `dispatched`). */
export const ShopOrdersQuerySchema = z.object({
  status: z
    .enum(['waiting', 'packed', 'dispatched'])
    .optional()
    .transform((value) => value?.toUpperCase() as (typeof FULFILMENT_STATUSES)[number] | undefined),
  ...PageFields,
})

const DeliverySchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postCode: z.string(),
  country: z.string(),
  phone: z.string(),
})

export const ShopOrderLineSchema = z.object({
  id: z.number(),
  productId: z.number(),
  productName: z.string(),
  price: Pounds,
  quantity: z.number(),
  totalPrice: Pounds,
})

/** One shop's part of a paid order: its own lines and total, nothing of any other shop's. */
export const ShopOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  datePaid: z.string().nullable(),
  status: FulfilmentStatusSchema,
  packedAt: z.string().nullable(),
  dispatchedAt: z.string().nullable(),
  delivery: DeliverySchema,
  lines: z.array(ShopOrderLineSchema),
  /** The sum of this shop's lines, in pounds. */
  shopTotal: Pounds,
})
export type ShopOrder = z.infer<typeof ShopOrderSchema>

/** GET /api/vendor/today. */
export const ShopTodaySchema = z.object({
  waitingToPack: z.number(),
  waitingOrders: z.array(ShopOrderSchema),
  lowStock: z.array(z.object({ id: z.number(), productName: z.string(), qty: z.number() })),
  /** The shop's paid, unrefunded lines of the last seven days, in pounds. */
  weekSales: Pounds,
})
export type ShopToday = z.infer<typeof ShopTodaySchema>

const DateOnly = z.iso.date()

/** GET /api/admin/orders: every order, filtered; `from` and `to` are days (UTC), both included. */
export const AdminOrdersQuerySchema = z.object({
  status: OrderStatusSchema.optional(),
  shopId: z.string().trim().min(1).max(100).optional(),
  town: z.string().trim().min(1).max(100).optional(),
  from: DateOnly.optional(),
  to: DateOnly.optional(),
  ...PageFields,
})
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuerySchema>

export const AdminOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  orderStatus: OrderStatusSchema,
  paymentStatus: PaymentStatusSchema,
  customer: z.string(),
  email: z.string(),
  town: z.string(),
  total: Pounds,
  shops: z.array(z.object({ id: z.string(), companyName: z.string() })),
})
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>

export const RefundSchema = z.object({
  id: z.string(),
  scope: z.enum(['FULL', 'LINES']),
  status: z.enum(REFUND_STATUSES),
  amount: Pounds,
  lineIds: z.array(z.number()),
  requestedBy: z.string(),
  requestedAt: z.string(),
  refundedAt: z.string().nullable(),
})
export type Refund = z.infer<typeof RefundSchema>

export const AdminOrderDetailSchema = AdminOrderSummarySchema.extend({
  datePaid: z.string().nullable(),
  phone: z.string(),
  delivery: DeliverySchema,
  subTotal: Pounds,
  shipping: Pounds,
  lines: z.array(
    ShopOrderLineSchema.extend({
      shopId: z.string(),
      shopName: z.string(),
      /** Set once a refund (asked for or made) covers the line. */
      refundId: z.string().nullable(),
    }),
  ),
  fulfilment: z.array(
    z.object({
      shopId: z.string(),
      companyName: z.string(),
      status: FulfilmentStatusSchema,
      packedAt: z.string().nullable(),
      dispatchedAt: z.string().nullable(),
    }),
  ),
  refunds: z.array(RefundSchema),
  /** Refunded so far (made or asked for), and what may still be refunded: the total paid less that. */
  refunded: Pounds,
  refundable: Pounds,
})
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>

/**
 * POST /api/admin/orders/:orderId/refunds. `refundId` is made by the browser when the operator opens the
 * refund form, so pressing the button twice asks for one refund; `FULL` refunds all that is left, `LINES`
 * the whole of the lines named.
 */
export const RefundRequestSchema = z.discriminatedUnion('scope', [
  z.object({ refundId: z.uuid(), scope: z.literal('FULL') }),
  z.object({
    refundId: z.uuid(),
    scope: z.literal('LINES'),
    lineIds: z.array(z.number().int().positive()).min(1, { message: shopOrderMessages.chooseLines }).max(100),
  }),
])
export type RefundRequest = z.infer<typeof RefundRequestSchema>
