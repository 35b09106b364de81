import type { Order } from '@larder/shared'

export const ORDER_ID = '3f0c6a52-1d0e-4a47-9f3c-2b9a8f0e7c11'

/** An order as GET /api/public/orders/{id} answers it; each test overrides what it is about. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    orderNumber: 'LRD-000042',
    // Placed just now: an order unpaid for over an hour reads as abandoned (order-status-banner.tsx).
    orderDate: new Date().toISOString(),
    orderStatus: 'PENDING',
    subTotal: 6.9,
    discount: 0,
    paymentMethod: 'card',
    paymentStatus: 'PENDING',
    datePaid: null,
    dateCompleted: null,
    shippingChargers: 1.6,
    totalTax: 0,
    uid: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: '',
    phoneNumber: '02079460018',
    email: 'ada@example.test',
    address: '12 Station Road',
    address2: '',
    city: 'Ealing',
    country: 'United Kingdom',
    state: 'Greater London',
    postcode: 'W5 2AA',
    currency: 'gbp',
    totalAmount: 8.5,
    deliveryFirstName: 'Ada',
    deliveryLastName: 'Lovelace',
    deliveryPhoneNumber: '02079460018',
    deliveryAddress: '12 Station Road',
    deliveryCity: 'Ealing',
    deliveryState: 'Greater London',
    deliveryCountry: 'United Kingdom',
    deliveryPostCode: 'W5 2AA',
    orderProducts: [
      {
        productName: 'Cheddar',
        price: 2.25,
        salePrice: null,
        quantity: 2,
        totalPrice: 4.5,
        productImage: null,
        productId: 3,
        orderId: ORDER_ID,
        stripePriceId: 'price_3',
      },
      {
        productName: 'Rye bread',
        // Ordered at its discount price, down from 3.00.
        price: 2.4,
        salePrice: 3,
        quantity: 1,
        totalPrice: 2.4,
        productImage: null,
        productId: 8,
        orderId: ORDER_ID,
        stripePriceId: 'price_8',
      },
    ],
    ...overrides,
  }
}
