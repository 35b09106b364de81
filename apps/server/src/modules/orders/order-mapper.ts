import { penceToPounds, type Order, type OrderProduct } from '@larder/shared'
import type { OrderLineRow, OrderRow } from './orders.repository'

export const toOrderProduct = (line: OrderLineRow): OrderProduct => ({
  productName: line.productName,
  price: penceToPounds(line.pricePence),
  salePrice: line.salePricePence === null ? null : penceToPounds(line.salePricePence),
  quantity: line.quantity,
  totalPrice: penceToPounds(line.totalPricePence),
  productImage: line.productImage,
  productId: line.productId,
  orderId: line.orderId,
  stripePriceId: line.stripePriceId,
})

/**
 * The Order (billing fields, delivery* shipping fields, totals and statuses) in pounds, with its lines;
 * payment-provider bookkeeping stays inside.
 */
export const toOrder = (row: OrderRow, lines: OrderLineRow[]): Order => ({
  id: row.id,
  orderNumber: row.orderNumber,
  orderDate: row.orderDate.toISOString(),
  orderStatus: row.orderStatus,
  subTotal: penceToPounds(row.subTotalPence),
  discount: penceToPounds(row.discountPence),
  paymentMethod: row.paymentMethod,
  paymentStatus: row.paymentStatus,
  datePaid: row.datePaid?.toISOString() ?? null,
  dateCompleted: row.dateCompleted?.toISOString() ?? null,
  shippingChargers: penceToPounds(row.shippingPence),
  totalTax: penceToPounds(row.totalTaxPence),
  uid: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  username: row.username,
  phoneNumber: row.phoneNumber,
  email: row.email,
  address: row.address,
  address2: row.address2,
  city: row.city,
  country: row.country,
  state: row.state,
  postcode: row.postcode,
  currency: row.currency,
  totalAmount: penceToPounds(row.totalAmountPence),
  deliveryFirstName: row.deliveryFirstName,
  deliveryLastName: row.deliveryLastName,
  deliveryPhoneNumber: row.deliveryPhoneNumber,
  deliveryAddress: row.deliveryAddress,
  deliveryCity: row.deliveryCity,
  deliveryState: row.deliveryState,
  deliveryCountry: row.deliveryCountry,
  deliveryPostCode: row.deliveryPostCode,
  orderProducts: lines.map(toOrderProduct),
})
