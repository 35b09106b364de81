import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadPage } from '../../lib/browser-location'
import { fakeApi } from '../../testing/fake-api'
import { makeOrder, ORDER_ID } from '../../testing/make-order'
import { renderRoutes } from '../../testing/render-app'
import { storeSession } from '../../testing/session'
import { OrderConfirmationPage } from './order-confirmation-page'

vi.mock('../../lib/browser-location', () => ({ loadPage: vi.fn() }))

const ORDER_PATH = `GET /api/public/orders/${ORDER_ID}`
const PAYMENT_LINK = 'POST /api/stripe/create-payment-link'
const LINK = 'http://localhost/sandbox/pay/plink_9'

const unpaid = makeOrder({
  orderProducts: [
    {
      productName: 'Sourdough loaf',
      price: 3.2,
      salePrice: null,
      quantity: 2,
      totalPrice: 6.4,
      productImage: '',
      productId: 41,
      orderId: ORDER_ID,
      stripePriceId: 'price_41',
    },
  ],
})

const renderPage = () =>
  renderRoutes(`/order-confirmation/${ORDER_ID}`, [
    { path: '/order-confirmation/:orderId', Component: OrderConfirmationPage },
  ])

beforeEach(() => {
  vi.mocked(loadPage).mockClear()
  // Opened from the account's history: logged in, and not the order this tab went to pay for.
  storeSession()
})

describe('Pay now on an unpaid order', () => {
  it("opens the order's payment page from the payment-link route the cart page uses", async () => {
    const { sent } = fakeApi({
      [ORDER_PATH]: { body: unpaid },
      [PAYMENT_LINK]: { body: { paymentLinkUrl: LINK } },
    })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Pay now' }))
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
    const [request] = sent(PAYMENT_LINK)
    expect(request?.body).toEqual([
      { priceId: 'price_41', quantity: 2, orderId: ORDER_ID, productIds: ['41'] },
    ])
    expect(request?.headers.get('Authorization')).toMatch(/^Bearer /)
  })

  it("shows the shop's reason when it refuses, and reads the order again", async () => {
    let reads = 0
    const { sent } = fakeApi({
      [ORDER_PATH]: () => {
        reads += 1
        return { body: reads === 1 ? unpaid : makeOrder({ orderStatus: 'CANCELLED' }) }
      },
      [PAYMENT_LINK]: {
        status: 409,
        body: { message: 'This order has already been paid or closed, so it can no longer change.' },
      },
    })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Pay now' }))
    expect(
      await screen.findByText('This order has already been paid or closed, so it can no longer change.'),
    ).toBeInTheDocument()
    expect(await screen.findByText('This order was cancelled')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument()
    expect(sent(ORDER_PATH).length).toBeGreaterThan(1)
    expect(loadPage).not.toHaveBeenCalled()
  })

  it('says so when the payment page cannot be reached, and lets the shopper press again', async () => {
    fakeApi({
      [ORDER_PATH]: { body: unpaid },
      [PAYMENT_LINK]: { status: 503, body: { message: 'Payments are unavailable' } },
    })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Pay now' }))
    expect(
      await screen.findByText('We could not open the payment page just now. Please try again.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled()
  })
})
