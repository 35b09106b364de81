import type { ComponentProps } from 'react'
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { subscribe, TOPICS } from '../../lib/notifications'
import { STORAGE_KEYS } from '../../lib/storage'
import { renderRoutes } from '../../testing/render-app'
import { fakeApi } from '../../testing/fake-api'
import { ACCOUNT, SESSION_REJECTED, storeSession } from '../../testing/session'
import { AccountPage } from './account-page'
import { OrderHistory } from './components/order-history'

const routes = [
  { path: '/account', Component: AccountPage },
  { path: '/login', Component: () => <p>login page</p> },
]

describe('AccountPage', () => {
  it('asks a logged-out visitor to log in, without calling the API', () => {
    const api = fakeApi({})
    renderRoutes('/account', routes)
    expect(screen.getByRole('heading', { name: 'Log in to see your account' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register')
    expect(api.fetchMock).not.toHaveBeenCalled()
  })

  it("shows the shopper's details and an empty order history", async () => {
    storeSession()
    fakeApi({
      'GET /api/account': { body: { ...ACCOUNT, imageUrl: 'https://example.test/priya.png' } },
      'GET /api/account/orders': { body: [] },
    })
    renderRoutes('/account', routes)
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Priya Shah' })).toBeInTheDocument()
    expect(screen.getByText('priya@example.test')).toBeInTheDocument()
    expect(screen.getByText('@priya')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Roles' })).getByText('Customer')).toBeInTheDocument()
    expect(document.querySelector('img')).toHaveAttribute('src', 'https://example.test/priya.png')
    expect(screen.getByRole('heading', { name: 'Order history' })).toBeInTheDocument()
    expect(await screen.findByText('No orders yet')).toBeInTheDocument()
  })

  it('offers a retry when the account cannot be loaded', async () => {
    storeSession()
    const api = fakeApi({ 'GET /api/account': { status: 503, body: { message: 'Down' } } })
    const { user } = renderRoutes('/account', routes)
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load your account just now.')
    api.fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(ACCOUNT), { headers: { 'Content-Type': 'application/json' } }),
    )
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Priya Shah' })).toBeInTheDocument()
  })

  it('logs the shopper out when the server no longer accepts the session', async () => {
    storeSession()
    fakeApi({ 'GET /api/account': SESSION_REJECTED })
    renderRoutes('/account', routes)
    expect(await screen.findByRole('heading', { name: 'Log in to see your account' })).toBeInTheDocument()
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
  })

  it('logs out from the page', async () => {
    storeSession()
    fakeApi({ 'GET /api/account': { body: ACCOUNT } })
    const loggedOut = vi.fn()
    const unsubscribe = subscribe(TOPICS.LOGGED_OUT, loggedOut)
    const { user, router } = renderRoutes('/account', routes)
    await user.click(await screen.findByRole('button', { name: 'Log out' }))
    expect(router.pathname).toBe('/login')
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(loggedOut).toHaveBeenCalledTimes(1)
    unsubscribe()
  })
})

describe('OrderHistory', () => {
  type Order = ComponentProps<typeof OrderHistory>['orders'][number]
  const order = (changes: Partial<Order>): Order => ({
    id: '5f0c',
    orderNumber: 'LD-1001',
    orderDate: '2025-03-02T10:00:00Z',
    orderStatus: 'PENDING',
    paymentStatus: 'PAID',
    totalAmount: 12.5,
    ...changes,
  })
  const renderHistory = (orders: Order[]) =>
    renderRoutes('/', [{ path: '/', Component: () => <OrderHistory orders={orders} /> }])

  it('lists orders with their number, date, statuses and total', () => {
    renderHistory([order({})])
    const row = screen.getByRole('row', { name: /LD-1001/ })
    expect(within(row).getByRole('link', { name: 'LD-1001' })).toHaveAttribute(
      'href',
      '/order-confirmation/5f0c',
    )
    expect(row).toHaveTextContent('2 Mar 2025')
    expect(row).toHaveTextContent('Pending')
    expect(row).toHaveTextContent('Paid')
    expect(row).toHaveTextContent('£12.50')
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument()
  })

  it('gives each order a card too, every value under its label, and a cancelled order is not paid', () => {
    renderHistory([
      order({ orderStatus: 'CANCELLED', paymentStatus: 'PENDING' }),
      order({
        id: '6a1d',
        orderNumber: 'LD-1000',
        orderDate: '2025-03-01T10:00:00Z',
        orderStatus: 'REFUND_PENDING',
        totalAmount: 3,
      }),
    ])
    const cards = within(screen.getByRole('list', { name: 'Your orders, newest first' })).getAllByRole(
      'listitem',
    )
    expect(cards).toHaveLength(2)
    const [cancelled, refunding] = cards as [HTMLElement, HTMLElement]
    const labelled = (card: HTMLElement) =>
      within(card)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)
    expect(within(cancelled).getByRole('link', { name: 'LD-1001' })).toHaveAttribute(
      'href',
      '/order-confirmation/5f0c',
    )
    expect(cancelled).toHaveTextContent(/^Order LD-1001/)
    expect(labelled(cancelled)).toEqual([
      'Date: 2 Mar 2025',
      'Status: Cancelled',
      'Payment: Not paid',
      'Total: £12.50',
    ])
    expect(labelled(refunding)).toEqual([
      'Date: 1 Mar 2025',
      'Status: Refund pending',
      'Payment: Paid',
      'Total: £3.00',
    ])
    // The table says the same: never "Pending" for a payment that will not come.
    expect(screen.getByRole('row', { name: /LD-1001/ })).toHaveTextContent(/Cancelled\s*Not paid\s*£12\.50/)
  })
})
