import { act, fireEvent, screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { onlineManager } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../../testing/render-app'
import { loadPage } from '../../lib/browser-location'
import { CartCheckoutPage } from './cart-checkout-page'
import { readCart } from '../cart'
import { cartLine, seedCart } from '../../testing/test-cart'
import { checkoutInProgress, checkoutOrderKey, rememberCheckout, takeCheckout } from './checkout-marker'
import { makeOrder } from '../../testing/make-order'
import { logout, readToken, startSession } from '../../lib/session'
import { STORAGE_KEYS, writeStorage } from '../../lib/storage'
import { ACCOUNT, fakeJwt, storeSession } from '../../testing/session'
import { fakeApi, type FakeReply, type SentRequest } from '../../testing/fake-api'

vi.mock('../../lib/browser-location', () => ({ loadPage: vi.fn() }))

const ORDER_ID = '3f0c6a52-1d0e-4a47-9f3c-2b9a8f0e7c11'
const LINK = 'http://localhost/sandbox/pay/plink_123'
const ORDERS = 'POST /api/public/orders'
const LINES = 'POST /api/public/order-products'
const PAYMENT_LINK = 'POST /api/stripe/create-payment-link'
const CANCEL_CREATED = `POST /api/public/orders/${ORDER_ID}/cancel`

const ORDER_KEY = 'k3y-the-server-gave-with-the-order'
const created: FakeReply = { status: 201, body: { id: ORDER_ID, totalAmount: 12.5, accessKey: ORDER_KEY } }
const lineCreated: FakeReply = { status: 201, body: {} }
const linkCreated: FakeReply = { body: { paymentLinkUrl: LINK } }
const cancelled: FakeReply = { body: { id: ORDER_ID, orderStatus: 'CANCELLED' } }

// Waits a moment inside each call, so calls made one after another never overlap and parallel ones do.
function countingOverlap(reply: FakeReply) {
  let active = 0
  const stats = { most: 0 }
  const route = async () => {
    active += 1
    stats.most = Math.max(stats.most, active)
    await new Promise((resolve) => setTimeout(resolve, 20))
    active -= 1
    return reply
  }
  return { route, stats }
}

const shipping = () => screen.getByRole('region', { name: 'Shipping address' })

async function fillShipping(user: UserEvent) {
  const values: [RegExp, string][] = [
    [/^Email/, 'ada@example.test'],
    [/^First name/, 'Ada'],
    [/^Last name/, 'Lovelace'],
    [/^Phone number/, '020 7946 0018'],
    [/^Address/, '12 Station Road'],
    [/^City/, 'Ealing'],
    [/^State/, 'Greater London'],
    [/^Postal code/, 'W5 2AA'],
  ]
  for (const [label, value] of values) {
    await user.click(within(shipping()).getByLabelText(label))
    await user.paste(value)
  }
}

async function checkout(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes)
  seedCart([
    cartLine({ id: 3, productName: 'Cheddar', salePrice: 2.25, qty: 2, stripePriceIds: ['price_3'] }),
    cartLine({ id: 8, productName: 'Rye bread', salePrice: 3, qty: 1, stripePriceIds: ['price_8'] }),
    cartLine({ id: 9, productName: 'Oat milk', salePrice: 1.35, qty: 4, stripePriceIds: ['price_9'] }),
  ])
  const view = renderRoutes('/cart-page', [{ path: '/cart-page', Component: CartCheckoutPage }])
  await fillShipping(view.user)
  await view.user.click(screen.getByRole('button', { name: 'Create Order' }))
  return { ...view, ...api }
}

const errorBox = () => screen.getByRole('alert')

beforeEach(() => {
  vi.mocked(loadPage).mockClear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  // A failed checkout's order is cancelled; most tests here leave that call unanswered (a 404), which is logged.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

describe('Create Order', () => {
  it('creates the order, its lines in parallel, then the payment link, and leaves for it', async () => {
    const lines = countingOverlap(lineCreated)
    const { sent, log } = await checkout({
      [ORDERS]: created,
      [LINES]: lines.route,
      [PAYMENT_LINK]: linkCreated,
    })
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))

    const apiCalls = log.filter((call) => call.method === 'POST').map((call) => call.path)
    expect(apiCalls).toEqual([
      '/api/public/orders',
      '/api/public/order-products',
      '/api/public/order-products',
      '/api/public/order-products',
      '/api/stripe/create-payment-link',
    ])
    expect(lines.stats.most).toBe(3)

    expect(sent(ORDERS)[0]?.body).toMatchObject({
      email: 'ada@example.test',
      phoneNumber: '020 7946 0018',
      deliveryFirstName: 'Ada',
      deliveryLastName: 'Lovelace',
      deliveryAddress: '12 Station Road',
      deliveryCity: 'Ealing',
      deliveryState: 'Greater London',
      deliveryCountry: 'United Kingdom',
      deliveryPostCode: 'W5 2AA',
      // 'Same as shipping address' is the default, so billing is the shipping address.
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '12 Station Road',
      city: 'Ealing',
      postcode: 'W5 2AA',
      shippingChargers: 1.6,
      totalAmount: 14.5,
    })
    expect(sent(LINES).map((call) => call.body)).toEqual([
      expect.objectContaining({ productId: 3, quantity: 2, orderId: ORDER_ID, price: 2.25, totalPrice: 4.5 }),
      expect.objectContaining({ productId: 8, quantity: 1, orderId: ORDER_ID, stripePriceId: 'price_8' }),
      expect.objectContaining({ productId: 9, quantity: 4, orderId: ORDER_ID, totalPrice: 5.4 }),
    ])
    expect(sent(PAYMENT_LINK)[0]?.body).toEqual([
      { priceId: 'price_3', quantity: 2, orderId: ORDER_ID, customerId: null, productIds: ['3'] },
      { priceId: 'price_8', quantity: 1, orderId: ORDER_ID, customerId: null, productIds: ['8'] },
      { priceId: 'price_9', quantity: 4, orderId: ORDER_ID, customerId: null, productIds: ['9'] },
    ])
    // Every call on the new order carries its key, so a session that ends meanwhile cannot strand it.
    expect([...sent(LINES), ...sent(PAYMENT_LINK)].map((call) => call.headers.get('X-Order-Key'))).toEqual([
      ORDER_KEY,
      ORDER_KEY,
      ORDER_KEY,
      ORDER_KEY,
    ])
    // The confirmation page will empty the cart for this order once it is paid, and may read it by its key.
    expect(checkoutOrderKey(ORDER_ID)).toBe(ORDER_KEY)
    expect(takeCheckout(ORDER_ID)).toBe(true)
    // The page is on its way out: the button stays off so a second click cannot make a second order.
    expect(screen.getByRole('button', { name: 'Create Order' })).toHaveAttribute('aria-disabled', 'true')
    // Back from the payment page out of the browser's page cache, the shopper can start again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    })
    expect(screen.getByRole('button', { name: 'Create Order' })).not.toHaveAttribute('aria-disabled')
  })

  it('fills the form in again as it was sent, back from the payment page in a fresh load', async () => {
    const { unmount } = await checkout({
      [ORDERS]: created,
      [LINES]: lineCreated,
      [PAYMENT_LINK]: linkCreated,
    })
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
    unmount()
    renderRoutes('/cart-page', [{ path: '/cart-page', Component: CartCheckoutPage }])
    expect(within(shipping()).getByLabelText(/^Email/)).toHaveValue('ada@example.test')
    expect(within(shipping()).getByLabelText(/^Address/)).toHaveValue('12 Station Road')
    expect(within(shipping()).getByLabelText(/^Postal code/)).toHaveValue('W5 2AA')
  })

  it('keeps no draft of a form whose order was not placed', async () => {
    const { unmount } = await checkout({ [ORDERS]: { status: 500, body: { message: 'down' } } })
    await vi.waitFor(() => expect(errorBox()).toHaveTextContent('We could not place your order.'))
    unmount()
    renderRoutes('/cart-page', [{ path: '/cart-page', Component: CartCheckoutPage }])
    expect(within(shipping()).getByLabelText(/^Email/)).toHaveValue('')
  })

  it('dates the order and its datePaid from when the cart page loaded, not from the click', async () => {
    // Only Date is faked: user-event's own timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-03-02T10:15:00.000Z'))
      const { sent } = fakeApi({ [ORDERS]: created, [LINES]: lineCreated, [PAYMENT_LINK]: linkCreated })
      seedCart([
        cartLine({ id: 3, productName: 'Cheddar', salePrice: 2.25, qty: 1, stripePriceIds: ['price_3'] }),
      ])
      const { user } = renderRoutes('/cart-page', [{ path: '/cart-page', Component: CartCheckoutPage }])
      await fillShipping(user)
      vi.setSystemTime(new Date('2026-03-02T10:25:00.000Z'))
      await user.click(screen.getByRole('button', { name: 'Create Order' }))
      await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))

      expect(sent(ORDERS)[0]?.body).toMatchObject({
        orderDate: '2026-03-02T10:15:00.000Z',
        datePaid: '2026-03-02T10:15:00.000Z',
      })
    } finally {
      vi.useRealTimers()
    }
  })

  it('disables Create Order while the order is being created', async () => {
    let release: (reply: FakeReply) => void = () => {}
    const pending = new Promise<FakeReply>((resolve) => {
      release = resolve
    })
    const { user, sent } = await checkout({
      [ORDERS]: () => pending,
      [LINES]: lineCreated,
      [PAYMENT_LINK]: linkCreated,
    })
    const button = screen.getByRole('button', { name: 'Create Order' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByText('Creating your order…')).toHaveAttribute('role', 'status')
    // Marked off, not disabled: the keyboard focus stays on it, and a press does nothing.
    expect(button).toHaveFocus()
    await user.click(button)
    await user.keyboard('{Enter}')
    expect(sent(ORDERS)).toHaveLength(1)
    release(created)
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
  })

  describe('after coming back from the payment page without paying', () => {
    const EARLIER = 'b5a3f0e2-7c1d-4e8a-9b6f-0d2c4e6a8b10'
    const EARLIER_KEY = 'k3y-of-the-earlier-order'
    const CANCEL = `POST /api/public/orders/${EARLIER}/cancel`
    const GET_EARLIER = `GET /api/public/orders/${EARLIER}`
    beforeEach(() => rememberCheckout(EARLIER, EARLIER_KEY))

    it('cancels the earlier order first, so the cart cannot be paid twice', async () => {
      const { log } = await checkout({
        [CANCEL]: { body: { id: EARLIER, orderStatus: 'CANCELLED' } },
        [ORDERS]: created,
        [LINES]: lineCreated,
        [PAYMENT_LINK]: linkCreated,
      })
      await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
      expect(log.filter((call) => call.method === 'POST').map((call) => call.path)[0]).toBe(
        `/api/public/orders/${EARLIER}/cancel`,
      )
      expect(takeCheckout(EARLIER)).toBe(false)
      expect(takeCheckout(ORDER_ID)).toBe(true)
    })

    it('goes to the earlier order’s confirmation when it was paid after all, and places nothing', async () => {
      const { sent } = await checkout({
        [CANCEL]: { status: 409, body: { message: 'This order has already been paid or closed.' } },
        [GET_EARLIER]: { body: makeOrder({ id: EARLIER, orderStatus: 'PAID' }) },
        [ORDERS]: created,
      })
      await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(`/order-confirmation/${EARLIER}`))
      expect(sent(ORDERS)).toHaveLength(0)
      // Still remembered, with its key: the confirmation page reads the order and takes its lines out of
      // the cart (and only those).
      expect(checkoutOrderKey(EARLIER)).toBe(EARLIER_KEY)
      expect(readCart()).toHaveLength(3)
    })

    describe('when its shopper logged out in another tab while paying', () => {
      /** The server: the earlier order is an account's, found only with its key now that nobody is logged in. */
      const withKeyOnly =
        (reply: FakeReply) =>
        (request: SentRequest): FakeReply =>
          request.headers.get('X-Order-Key') === EARLIER_KEY
            ? reply
            : { status: 404, body: { message: `Order ${EARLIER} was not found.` } }

      it('finds it paid by its key and goes to its confirmation instead of a second payment page', async () => {
        const { sent } = await checkout({
          [CANCEL]: withKeyOnly({
            status: 409,
            body: { message: 'This order has already been paid or closed.' },
          }),
          [GET_EARLIER]: withKeyOnly({
            body: makeOrder({ id: EARLIER, orderStatus: 'PAID', paymentStatus: 'PAID' }),
          }),
          [ORDERS]: created,
          [LINES]: lineCreated,
          [PAYMENT_LINK]: linkCreated,
        })
        await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(`/order-confirmation/${EARLIER}`))
        expect(sent(ORDERS)).toHaveLength(0)
        expect(sent(PAYMENT_LINK)).toHaveLength(0)
        expect(errorBox()).toHaveTextContent('')
      })

      it('cancels it by its key when it was not paid, then places the new order', async () => {
        const { sent } = await checkout({
          [CANCEL]: withKeyOnly({ body: { id: EARLIER, orderStatus: 'CANCELLED' } }),
          [ORDERS]: created,
          [LINES]: lineCreated,
          [PAYMENT_LINK]: linkCreated,
        })
        await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
        expect(sent(CANCEL)).toHaveLength(1)
        expect(sent(ORDERS)).toHaveLength(1)
        expect(checkoutInProgress()).toBe(ORDER_ID)
      })
    })

    it('places a fresh order when the earlier one was refunded', async () => {
      const { sent } = await checkout({
        [CANCEL]: { status: 409, body: { message: 'This order has already been paid or closed.' } },
        [`GET /api/public/orders/${EARLIER}`]: { body: makeOrder({ id: EARLIER, orderStatus: 'REFUNDED' }) },
        [ORDERS]: created,
        [LINES]: lineCreated,
        [PAYMENT_LINK]: linkCreated,
      })
      await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
      expect(sent(ORDERS)).toHaveLength(1)
    })

    it('says so once when the earlier order cannot be reached any more (an account’s, its key refused), then goes ahead', async () => {
      const { sent, user } = await checkout({
        [CANCEL]: { status: 404, body: { message: `Order ${EARLIER} was not found.` } },
        [ORDERS]: created,
        [LINES]: lineCreated,
        [PAYMENT_LINK]: linkCreated,
      })
      await vi.waitFor(() => expect(errorBox()).toHaveTextContent('Log in again to replace it'))
      expect(sent(ORDERS)).toHaveLength(0)
      await user.click(screen.getByRole('button', { name: 'Create Order' }))
      await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
      expect(sent(ORDERS)).toHaveLength(1)
      expect(sent(CANCEL)).toHaveLength(1)
    })

    it('places nothing while the earlier order cannot be cancelled', async () => {
      const { sent } = await checkout({
        [CANCEL]: { status: 500, body: { message: 'Internal Server Error' } },
        [ORDERS]: created,
      })
      await vi.waitFor(() =>
        expect(errorBox()).toHaveTextContent('We could not place your order. Please try again.'),
      )
      expect(sent(ORDERS)).toHaveLength(0)
      expect(loadPage).not.toHaveBeenCalled()
    })
  })

  it('places one order for a double click, before the button has been re-rendered disabled', async () => {
    const api = fakeApi({ [ORDERS]: created, [LINES]: lineCreated, [PAYMENT_LINK]: linkCreated })
    seedCart([
      cartLine({ id: 3, productName: 'Cheddar', salePrice: 2.25, qty: 2, stripePriceIds: ['price_3'] }),
    ])
    const { user } = renderRoutes('/cart-page', [{ path: '/cart-page', Component: CartCheckoutPage }])
    await fillShipping(user)
    const form = screen.getByRole('form', { name: 'Checkout' })
    fireEvent.submit(form)
    fireEvent.submit(form)
    fireEvent.submit(form)
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
    expect(api.sent(ORDERS)).toHaveLength(1)
    expect(api.sent(PAYMENT_LINK)).toHaveLength(1)
    expect(loadPage).toHaveBeenCalledTimes(1)
  })

  it('says so when the order cannot be created, goes nowhere, and a retry places a fresh order', async () => {
    let attempts = 0
    const { sent, user } = await checkout({
      [ORDERS]: () => {
        attempts += 1
        return attempts === 1 ? { status: 500, body: { message: 'Internal Server Error' } } : created
      },
      [LINES]: lineCreated,
      [PAYMENT_LINK]: linkCreated,
    })
    await vi.waitFor(() =>
      expect(errorBox()).toHaveTextContent('We could not place your order. Please try again.'),
    )
    expect(errorBox()).not.toHaveTextContent('Internal Server Error')
    expect(sent(LINES)).toHaveLength(0)
    expect(sent(PAYMENT_LINK)).toHaveLength(0)
    expect(loadPage).not.toHaveBeenCalled()
    expect(console.error).toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
    expect(sent(ORDERS)).toHaveLength(2)
  })

  it('stops before the payment link when any line is refused, with the reason', async () => {
    const { sent } = await checkout({
      [ORDERS]: created,
      [LINES]: (request) =>
        request.body !== null &&
        typeof request.body === 'object' &&
        'productId' in request.body &&
        request.body.productId === 8
          ? { status: 409, body: { message: 'Only 0 of Rye bread left in stock.' } }
          : lineCreated,
      [PAYMENT_LINK]: linkCreated,
      [CANCEL_CREATED]: cancelled,
    })
    await vi.waitFor(() => expect(errorBox()).toHaveTextContent('Only 0 of Rye bread left in stock.'))
    // Pressing again at once cannot help: the box gives the reason, not "Please try again".
    expect(errorBox()).toHaveTextContent('We could not place your order.')
    expect(errorBox()).not.toHaveTextContent('Please try again')
    expect(sent(PAYMENT_LINK)).toHaveLength(0)
    expect(loadPage).not.toHaveBeenCalled()
    // The order left without all its lines is cancelled, not left waiting for a payment.
    expect(sent(CANCEL_CREATED)).toHaveLength(1)
  })

  it('says how many minutes to wait when the shop has taken too many orders from this connection', async () => {
    const { sent } = await checkout({
      [ORDERS]: {
        status: 429,
        body: { message: 'Too many requests. Please try again in 2930 seconds.' },
        headers: { 'Retry-After': '2930' },
      },
    })
    await vi.waitFor(() =>
      expect(errorBox()).toHaveTextContent('Too many attempts. Please try again in 49 minutes.'),
    )
    expect(errorBox()).not.toHaveTextContent('seconds')
    expect(errorBox()).not.toHaveTextContent('Please try again.Too many')
    expect(sent(ORDERS)).toHaveLength(1)
  })

  it('shows the connection message in the red box when the payment link call cannot reach the shop', async () => {
    await checkout({
      [ORDERS]: created,
      [LINES]: lineCreated,
      [PAYMENT_LINK]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await vi.waitFor(() => expect(errorBox()).toHaveTextContent('Please check your internet connection'))
    expect(loadPage).not.toHaveBeenCalled()
  })

  it('answers at once while the browser says it is offline, rather than waiting unseen for the connection', async () => {
    onlineManager.setOnline(false)
    try {
      const { sent } = await checkout({
        [ORDERS]: () => {
          throw new TypeError('Failed to fetch')
        },
      })
      await vi.waitFor(() => expect(errorBox()).toHaveTextContent('Please check your internet connection'))
      expect(errorBox()).toHaveTextContent('We could not place your order. Please try again.')
      expect(sent(ORDERS)).toHaveLength(1)
      expect(screen.getByRole('button', { name: 'Create Order' })).not.toHaveAttribute('aria-disabled')
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it('starts the form again for whoever logs in meanwhile, so no order carries the last shopper’s details', async () => {
    storeSession()
    const { sent } = fakeApi({ [ORDERS]: created, [LINES]: lineCreated, [PAYMENT_LINK]: linkCreated })
    seedCart([
      cartLine({ id: 3, productName: 'Cheddar', salePrice: 2.25, qty: 1, stripePriceIds: ['price_3'] }),
    ])
    const { user } = renderRoutes('/cart-page', [{ path: '/cart-page', Component: CartCheckoutPage }])
    await fillShipping(user)
    expect(within(shipping()).getByLabelText(/^Address/)).toHaveValue('12 Station Road')
    act(() => {
      // As another tab's log-in does: a new token, then the new account.
      writeStorage(STORAGE_KEYS.token, fakeJwt(Date.now() + 60 * 60 * 1000, { sub: 'sam' }))
      writeStorage(STORAGE_KEYS.currentUser, JSON.stringify({ ...ACCOUNT, login: 'sam', firstName: 'Sam' }))
    })
    expect(within(shipping()).getByLabelText(/^Address/)).toHaveValue('')
    expect(within(shipping()).getByLabelText(/^First name/)).toHaveValue('Sam')
    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    expect(sent(ORDERS)).toHaveLength(0)
  })

  it('ends a session the server no longer accepts, says why, and the next press orders as a guest', async () => {
    startSession('a-token-the-server-has-revoked')
    const message = 'Your session has ended, so this order would not be saved to your account.'
    const { sent, user } = await checkout({
      [ORDERS]: (request) =>
        request.headers.has('authorization')
          ? {
              status: 401,
              body: { message },
              headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
            }
          : created,
      [LINES]: lineCreated,
      [PAYMENT_LINK]: linkCreated,
    })
    await vi.waitFor(() => expect(errorBox()).toHaveTextContent(message))
    expect(readToken()).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
    expect(sent(ORDERS).map((call) => call.headers.has('authorization'))).toEqual([true, false])
  })

  describe('when the session ends by itself while the shopper is typing', () => {
    const TYPED = '12 Station Road'
    const address = () => within(shipping()).getByLabelText(/^Address/)
    const email = () => within(shipping()).getByLabelText(/^Email/)

    // The account fills in the name and e-mail; the shopper types the rest.
    async function openAndType(token: string) {
      storeSession(ACCOUNT, token)
      seedCart([
        cartLine({ id: 3, productName: 'Cheddar', salePrice: 2.25, qty: 1, stripePriceIds: ['price_3'] }),
      ])
      const view = renderRoutes('/cart-page', [{ path: '/cart-page', Component: CartCheckoutPage }])
      const typed: [RegExp, string][] = [
        [/^Phone number/, '020 7946 0018'],
        [/^Address/, TYPED],
        [/^City/, 'Ealing'],
        [/^State/, 'Greater London'],
        [/^Postal code/, 'W5 2AA'],
      ]
      for (const [label, value] of typed) {
        await view.user.click(within(shipping()).getByLabelText(label))
        await view.user.paste(value)
      }
      expect(email()).toHaveValue(ACCOUNT.email)
      return view
    }

    it('keeps the form when the server says the session has ended, so the next press orders as a guest with it', async () => {
      const message = 'Your session has ended, so this order would not be saved to your account.'
      const { sent } = fakeApi({
        [ORDERS]: (request) =>
          request.headers.has('authorization')
            ? {
                status: 401,
                body: { message },
                headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
              }
            : created,
        [LINES]: lineCreated,
        [PAYMENT_LINK]: linkCreated,
      })
      const { user } = await openAndType(fakeJwt(Date.now() + 60 * 60 * 1000))
      await user.click(screen.getByRole('button', { name: 'Create Order' }))
      await vi.waitFor(() => expect(errorBox()).toHaveTextContent(message))
      expect(readToken()).toBeNull()
      expect(address()).toHaveValue(TYPED)
      expect(email()).toHaveValue(ACCOUNT.email)

      await user.click(screen.getByRole('button', { name: 'Create Order' }))
      await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(LINK))
      expect(sent(ORDERS).map((call) => call.headers.has('authorization'))).toEqual([true, false])
      expect(sent(ORDERS)[1]?.body).toMatchObject({
        email: ACCOUNT.email,
        deliveryFirstName: ACCOUNT.firstName,
        deliveryAddress: TYPED,
        deliveryPostCode: 'W5 2AA',
      })
    })

    it('keeps the form when the token expires, and for the same account logging in again', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        await openAndType(fakeJwt(Date.now() + 60_000))
        act(() => {
          vi.setSystemTime(Date.now() + 2 * 60_000)
          // As the next call, or the expiry timer, finds it.
          expect(readToken()).toBeNull()
        })
        expect(window.localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull()
        expect(address()).toHaveValue(TYPED)
        act(() => {
          writeStorage(STORAGE_KEYS.token, fakeJwt(Date.now() + 60 * 60 * 1000))
          writeStorage(STORAGE_KEYS.currentUser, JSON.stringify(ACCOUNT))
        })
        expect(address()).toHaveValue(TYPED)
      } finally {
        vi.useRealTimers()
      }
    })

    it('starts afresh when another account logs in after the session ran out', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        await openAndType(fakeJwt(Date.now() + 60_000))
        act(() => {
          vi.setSystemTime(Date.now() + 2 * 60_000)
          readToken()
        })
        expect(address()).toHaveValue(TYPED)
        act(() => {
          startSession(fakeJwt(Date.now() + 60 * 60 * 1000, { sub: 'sam' }))
          writeStorage(
            STORAGE_KEYS.currentUser,
            JSON.stringify({ ...ACCOUNT, login: 'sam', firstName: 'Sam' }),
          )
        })
        expect(address()).toHaveValue('')
        expect(within(shipping()).getByLabelText(/^First name/)).toHaveValue('Sam')
      } finally {
        vi.useRealTimers()
      }
    })

    it('starts afresh after a log-out (here or in another tab): nobody sees the last shopper’s details', async () => {
      await openAndType(fakeJwt(Date.now() + 60 * 60 * 1000))
      act(() => logout())
      expect(address()).toHaveValue('')
      expect(email()).toHaveValue('')
    })
  })

  it("shows the server's message when the payment link is refused, and cancels the order", async () => {
    const { sent } = await checkout({
      [ORDERS]: created,
      [LINES]: lineCreated,
      [PAYMENT_LINK]: { status: 409, body: { message: 'Only 1 of Cheddar left in stock.' } },
      [CANCEL_CREATED]: cancelled,
    })
    await vi.waitFor(() => expect(errorBox()).toHaveTextContent('Only 1 of Cheddar left in stock.'))
    expect(loadPage).not.toHaveBeenCalled()
    expect(sent(CANCEL_CREATED)).toHaveLength(1)
  })

  it.each([
    ['a 5xx', { status: 500, body: { message: 'Internal Server Error' } }],
    ['a 4xx with no message of its own (a proxy page)', { status: 400, body: '<html>Bad Request</html>' }],
  ])("falls back to 'An unknown error occurred.' when the payment link fails with %s", async (_, reply) => {
    await checkout({ [ORDERS]: created, [LINES]: lineCreated, [PAYMENT_LINK]: reply })
    await vi.waitFor(() => expect(errorBox()).toHaveTextContent('An unknown error occurred.'))
    expect(errorBox()).not.toHaveTextContent(/Internal Server Error|Bad Request|shop answered/)
    expect(screen.getByRole('button', { name: 'Create Order' })).not.toHaveAttribute('aria-disabled')
    expect(loadPage).not.toHaveBeenCalled()
  })
})
