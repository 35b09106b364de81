import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { logout, readToken } from '../../lib/session'
import { renderRoutes } from '../../testing/render-app'
import { storeSession } from '../../testing/session'
import { readCart } from '../cart'
import { cartLine, seedCart } from '../../testing/test-cart'
import { pollDelay } from './api/use-order'
import { readCheckoutDraft, saveCheckoutDraft } from './checkout-draft'
import { checkoutInProgress, rememberCheckout, takeCheckout } from './checkout-marker'
import { billingFromShipping, initialCheckoutValues } from './checkout-values'
import { OrderConfirmationPage } from './order-confirmation-page'
import { fakeApi, type FakeReply } from '../../testing/fake-api'
import { makeOrder, ORDER_ID } from '../../testing/make-order'

const ORDER_PATH = `GET /api/public/orders/${ORDER_ID}`
const ORDER_KEY = 'k3y-of-the-order-the-cart-went-to-pay-for'

/** Answers each poll with the next reply, repeating the last one. */
function answers(...replies: FakeReply[]) {
  let index = 0
  return () => replies[Math.min(index++, replies.length - 1)] ?? { status: 500 }
}

const renderPage = () =>
  renderRoutes(`/order-confirmation/${ORDER_ID}`, [
    { path: '/order-confirmation/:orderId', Component: OrderConfirmationPage },
  ])

/** The page is opened in a tab that did not send the cart to pay for the order (the history, an e-mail). */
function notSentFromThisTab() {
  takeCheckout(ORDER_ID)
  window.sessionStorage.clear()
}

const waitFor2s = () => act(() => vi.advanceTimersByTimeAsync(2_000))

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  seedCart([cartLine({ id: 3, qty: 2 })])
  // The cart went to the payment page for the order (place-order.ts).
  rememberCheckout(ORDER_ID, ORDER_KEY)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('order confirmation', () => {
  it('waits for the payment, then shows PAID and only then empties the cart', async () => {
    const { sent } = fakeApi({
      [ORDER_PATH]: answers(
        { body: makeOrder() },
        { body: makeOrder() },
        { body: makeOrder({ orderStatus: 'PAID', paymentStatus: 'PAID' }) },
      ),
    })
    renderPage()
    expect(await screen.findByText('Waiting for your payment to be confirmed…')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Order LRD-000042' })).toBeInTheDocument()
    expect(readCart()).toHaveLength(1)

    await waitFor2s()
    expect(sent(ORDER_PATH)).toHaveLength(2)
    expect(screen.getByText('Waiting for your payment to be confirmed…')).toBeInTheDocument()
    expect(readCart()).toHaveLength(1)

    await waitFor2s()
    expect(await screen.findByText('Thank you, your order is confirmed')).toBeInTheDocument()
    expect(screen.getByText('Order', { selector: 'dt' }).nextElementSibling).toHaveTextContent('PAID')
    expect(readCart()).toEqual([])

    // Paid is final: no more polling.
    await waitFor2s()
    await waitFor2s()
    expect(sent(ORDER_PATH)).toHaveLength(3)
  })

  it('forgets the address typed for the order once it is paid', async () => {
    const typed = {
      ...initialCheckoutValues(null),
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '020 7946 0018',
      address: '12 Station Road',
      city: 'Ealing',
      state: 'Greater London',
      postalCode: 'W5 2AA',
    }
    saveCheckoutDraft({ ...typed, billing: billingFromShipping(typed) }, null)
    expect(readCheckoutDraft(null)).not.toBeNull()
    fakeApi({ [ORDER_PATH]: () => ({ body: makeOrder({ orderStatus: 'PAID', paymentStatus: 'PAID' }) }) })
    renderPage()
    expect(await screen.findByText('Thank you, your order is confirmed')).toBeInTheDocument()
    await vi.waitFor(() => expect(readCheckoutDraft(null)).toBeNull())
  })

  it('keeps the cart when a paid order is opened that the cart was not sent to pay for (order history, e-mail)', async () => {
    notSentFromThisTab()
    const { sent } = fakeApi({
      [ORDER_PATH]: () => ({ body: makeOrder({ orderStatus: 'PAID', paymentStatus: 'PAID' }) }),
    })
    renderPage()
    expect(await screen.findByText('Thank you, your order is confirmed')).toBeInTheDocument()
    expect(readCart()).toHaveLength(1)
    // Its key went with it: the page asks as whoever is logged in, nothing more.
    expect(sent(ORDER_PATH)[0]?.headers.has('X-Order-Key')).toBe(false)
  })

  describe('for an account’s order whose shopper logged out while paying (in another tab)', () => {
    /** Answers as the server does: an account's order opens to its owner's session or to its key. */
    function ownerOrKey() {
      let found = 0
      return fakeApi({
        [ORDER_PATH]: (request) => {
          if (request.headers.get('X-Order-Key') !== ORDER_KEY && !request.headers.has('Authorization')) {
            return { status: 404, body: { message: `Order ${ORDER_ID} was not found.` } }
          }
          found += 1
          return { body: makeOrder(found === 1 ? {} : { orderStatus: 'PAID', paymentStatus: 'PAID' }) }
        },
      })
    }

    it('finds it with the key kept beside the cart, takes its lines out of the cart and keeps the key to this tab', async () => {
      const { sent } = ownerOrKey()
      const first = renderPage()
      expect(await screen.findByText('Waiting for your payment to be confirmed…')).toBeInTheDocument()
      await waitFor2s()
      expect(await screen.findByText('Thank you, your order is confirmed')).toBeInTheDocument()
      expect(readCart()).toEqual([])
      expect(checkoutInProgress()).toBeNull()
      expect(sent(ORDER_PATH).every((request) => request.headers.get('X-Order-Key') === ORDER_KEY)).toBe(true)

      // A reload of this tab still finds it; the key left the storage every tab shares.
      first.unmount()
      const reloaded = renderPage()
      expect(await screen.findByText('Thank you, your order is confirmed')).toBeInTheDocument()
      expect(window.localStorage.getItem('larder.checkoutOrderKey')).toBeNull()

      // Another tab (its own session storage) holds no key: the address alone opens nothing, and the
      // logged-out visitor is only asked to log in.
      reloaded.unmount()
      window.sessionStorage.clear()
      renderPage()
      expect(await screen.findByText('Log in to see this order')).toBeInTheDocument()
      expect(screen.queryByRole('heading', { name: 'Order LRD-000042' })).not.toBeInTheDocument()
    })

    it('keeps following it when the log-out comes while the page waits for the payment', async () => {
      storeSession()
      ownerOrKey()
      renderPage()
      expect(await screen.findByText('Waiting for your payment to be confirmed…')).toBeInTheDocument()
      act(() => logout())
      await waitFor2s()
      expect(await screen.findByText('Thank you, your order is confirmed')).toBeInTheDocument()
      expect(screen.queryByText('We could not find that order')).not.toBeInTheDocument()
      expect(readCart()).toEqual([])
    })
  })

  it('takes only what was paid for out of the cart: lines and units added since stay', async () => {
    // The order paid for 2 Cheddar (3) and 1 Rye bread (8). Meanwhile, in this tab or another, the shopper
    // raised the Cheddar to 3 and added Oat milk (9).
    seedCart([cartLine({ id: 3, qty: 3 }), cartLine({ id: 8, qty: 1 }), cartLine({ id: 9, qty: 2 })])
    fakeApi({ [ORDER_PATH]: () => ({ body: makeOrder({ orderStatus: 'PAID', paymentStatus: 'PAID' }) }) })
    renderPage()
    expect(await screen.findByText('Thank you, your order is confirmed')).toBeInTheDocument()
    await vi.waitFor(() =>
      expect(readCart().map(({ id, qty }) => ({ id, qty }))).toEqual([
        { id: 3, qty: 1 },
        { id: 9, qty: 2 },
      ]),
    )
  })

  it('empties the cart once for its own order: a cart filled since survives a reload of the page', async () => {
    fakeApi({ [ORDER_PATH]: () => ({ body: makeOrder({ orderStatus: 'PAID', paymentStatus: 'PAID' }) }) })
    const first = renderPage()
    expect(await screen.findByText('Thank you, your order is confirmed')).toBeInTheDocument()
    expect(readCart()).toEqual([])
    first.unmount()
    seedCart([cartLine({ id: 5, qty: 1 })])
    renderPage()
    expect(await screen.findByText('Thank you, your order is confirmed')).toBeInTheDocument()
    expect(readCart()).toHaveLength(1)
  })

  it('lists the lines and the totals with the delivery charge', async () => {
    fakeApi({ [ORDER_PATH]: { body: makeOrder({ orderStatus: 'PAID', paymentStatus: 'PAID' }) } })
    renderPage()
    const table = await screen.findByRole('table', { name: 'Items in this order' })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent(/Cheddar\s*2\s*£2\.25\s*£4\.50/)
    // A discounted line as the cart showed it: the price paid, the sale price struck through.
    expect(rows[2]).toHaveTextContent(/Rye bread\s*1\s*£2\.40\s*was £3\.00\s*£2\.40/)
    expect(rows[2]?.querySelector('s')).toHaveTextContent('was £3.00')
    expect(rows[1]?.querySelector('s')).toBeNull()
    const total = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling
    expect(total('Sub Total')).toHaveTextContent('£6.90')
    expect(total('Shipping')).toHaveTextContent('£1.60')
    expect(total('Total')).toHaveTextContent('£8.50')
    // The whole address and the phone, as the confirmation e-mail has them.
    expect(
      screen.getByText('12 Station Road, Ealing, Greater London, W5 2AA, United Kingdom'),
    ).toBeInTheDocument()
    expect(screen.getByText('Phone 02079460018')).toBeInTheDocument()
  })

  it('calls the payment of a cancelled order not paid, not pending', async () => {
    fakeApi({ [ORDER_PATH]: { body: makeOrder({ orderStatus: 'CANCELLED', paymentStatus: 'PENDING' }) } })
    renderPage()
    expect(await screen.findByText('NOT PAID')).toBeInTheDocument()
    expect(screen.queryByText('PENDING')).not.toBeInTheDocument()
  })

  it('says plainly when the payment failed, stops polling and keeps the cart', async () => {
    const { sent } = fakeApi({ [ORDER_PATH]: { body: makeOrder({ paymentStatus: 'FAILED' }) } })
    renderPage()
    expect(await screen.findByText('Your payment did not go through')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to your cart' })).toHaveAttribute('href', '/cart-page')
    await waitFor2s()
    expect(sent(ORDER_PATH)).toHaveLength(1)
    expect(readCart()).toHaveLength(1)
  })

  it('says an order still unpaid an hour after it was placed was not paid, rather than waiting', async () => {
    const placed = new Date(Date.now() - 61 * 60 * 1000).toISOString()
    // Opened from the order history: not the order the cart went to pay for.
    notSentFromThisTab()
    fakeApi({ [ORDER_PATH]: { body: makeOrder({ orderDate: placed }) } })
    renderPage()
    expect(await screen.findByText('This order was not paid')).toBeInTheDocument()
    expect(screen.queryByText('Waiting for your payment to be confirmed…')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled()
    expect(readCart()).toHaveLength(1)
  })

  it('offers to pay an unpaid order opened from the account, instead of only waiting', async () => {
    notSentFromThisTab()
    fakeApi({ [ORDER_PATH]: { body: makeOrder() } })
    renderPage()
    expect(await screen.findByText('This order is waiting for payment')).toBeInTheDocument()
    expect(screen.getByText(/if not, you can pay now/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled()
    expect(screen.queryByText('Waiting for your payment to be confirmed…')).not.toBeInTheDocument()
  })

  it('offers no second payment while the one this tab went to make may be on its way', async () => {
    fakeApi({ [ORDER_PATH]: { body: makeOrder() } })
    renderPage()
    expect(await screen.findByText('Waiting for your payment to be confirmed…')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument()
  })

  it('offers to pay again after a declined card', async () => {
    fakeApi({ [ORDER_PATH]: { body: makeOrder({ paymentStatus: 'FAILED' }) } })
    renderPage()
    expect(await screen.findByText('Your payment did not go through')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled()
  })

  it.each([
    ['CANCELLED', 'PENDING'],
    ['CANCELLED', 'FAILED'],
    ['PAID', 'PAID'],
    ['REFUND_PENDING', 'PAID'],
  ] as const)('offers no payment for an order %s with payment %s', async (orderStatus, paymentStatus) => {
    notSentFromThisTab()
    fakeApi({ [ORDER_PATH]: { body: makeOrder({ orderStatus, paymentStatus }) } })
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Order LRD-000042' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument()
  })

  it('says plainly that a cancelled order was never paid and will not come', async () => {
    notSentFromThisTab()
    fakeApi({ [ORDER_PATH]: { body: makeOrder({ orderStatus: 'CANCELLED', paymentStatus: 'FAILED' }) } })
    renderPage()
    expect(await screen.findByText('This order was cancelled')).toBeInTheDocument()
    expect(screen.getByText(/It was never paid: nothing was taken from your card/)).toBeInTheDocument()
    expect(screen.getByText('NOT PAID')).toBeInTheDocument()
    expect(screen.queryByText('FAILED')).not.toBeInTheDocument()
  })

  it('still waits for the order the cart went to pay for, however long its payment page stayed open', async () => {
    const placed = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString()
    fakeApi({ [ORDER_PATH]: { body: makeOrder({ orderDate: placed }) } })
    renderPage()
    expect(await screen.findByText('Waiting for your payment to be confirmed…')).toBeInTheDocument()
    expect(screen.queryByText('This order was not paid')).not.toBeInTheDocument()
  })

  it('explains a refund when the order could not be fulfilled, and keeps the cart', async () => {
    fakeApi({ [ORDER_PATH]: { body: makeOrder({ orderStatus: 'REFUND_PENDING', paymentStatus: 'PAID' }) } })
    renderPage()
    expect(await screen.findByText('We could not fulfil your order')).toBeInTheDocument()
    expect(readCart()).toHaveLength(1)
  })

  it('says why a refunded order was refunded', async () => {
    fakeApi({ [ORDER_PATH]: { body: makeOrder({ orderStatus: 'REFUNDED', paymentStatus: 'REFUNDED' }) } })
    renderPage()
    expect(await screen.findByText('Your payment has been refunded')).toBeInTheDocument()
    expect(screen.getByText(/after something in it had sold out/)).toBeInTheDocument()
    expect(readCart()).toHaveLength(1)
  })

  it('says when the order does not exist for the shopper logged in', async () => {
    storeSession()
    fakeApi({})
    renderPage()
    expect(await screen.findByText('We could not find that order')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument()
  })

  it('asks a logged-out visitor to log in to see the order, and to come back here after', async () => {
    notSentFromThisTab()
    // What the server answers alike for an account's order and for none at all: 404.
    fakeApi({})
    renderPage()
    expect(await screen.findByText('Log in to see this order')).toBeInTheDocument()
    expect(screen.getByText(/If you ordered as a guest, please check the link/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/order-confirmation/${ORDER_ID}`)}`,
    )
    expect(screen.queryByText('We could not find that order')).not.toBeInTheDocument()
  })

  it("stops showing a logged-in shopper's order once they log out, rather than a copy read before", async () => {
    // Opened from the order history: the browser holds no key to it.
    notSentFromThisTab()
    storeSession()
    const shown = makeOrder({ orderStatus: 'PAID', paymentStatus: 'PAID' })
    fakeApi({
      [ORDER_PATH]: () =>
        readToken() === null ? { status: 404, body: { message: 'Order not found' } } : { body: shown },
    })
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Order LRD-000042' })).toBeInTheDocument()
    act(() => logout())
    expect(await screen.findByText('Log in to see this order')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Order LRD-000042' })).not.toBeInTheDocument()
  })

  it('offers to try again when the shop cannot be reached', async () => {
    let calls = 0
    fakeApi({
      [ORDER_PATH]: () => {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch')
        return { body: makeOrder() }
      },
    })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Waiting for your payment to be confirmed…')).toBeInTheDocument()
  })

  it('gives up after two minutes with a way to check again', async () => {
    const { sent } = fakeApi({ [ORDER_PATH]: { body: makeOrder() } })
    const { user } = renderPage()
    await screen.findByText('Waiting for your payment to be confirmed…')
    await act(() => vi.advanceTimersByTimeAsync(121_000))
    const checkAgain = await screen.findByRole('button', { name: 'Check again' })
    const polls = sent(ORDER_PATH).length
    // 2 s for the first 30 s, 4 s to a minute, then 8 s: about 30 polls, not 60.
    expect(polls).toBeGreaterThan(20)
    expect(polls).toBeLessThan(35)
    await waitFor2s()
    await waitFor2s()
    expect(sent(ORDER_PATH)).toHaveLength(polls)
    await user.click(checkAgain)
    await vi.waitFor(() => expect(sent(ORDER_PATH).length).toBeGreaterThan(polls))
  })
})

describe('pollDelay', () => {
  it('asks every 2 s, then backs off, and stops after two minutes', () => {
    expect(pollDelay(0)).toBe(2_000)
    expect(pollDelay(29_999)).toBe(2_000)
    expect(pollDelay(45_000)).toBe(4_000)
    expect(pollDelay(90_000)).toBe(8_000)
    expect(pollDelay(120_000)).toBe(false)
  })
})
