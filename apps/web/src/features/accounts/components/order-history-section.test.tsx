import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage'
import { renderRoutes } from '../../../testing/render-app'
import { fakeJwt } from '../../../testing/session'
import { fakeApi } from '../../../testing/fake-api'
import { makeOrder } from '../../../testing/make-order'
import { OrderHistorySection } from './order-history-section'

const render = () => renderRoutes('/account', [{ path: '/account', Component: OrderHistorySection }])

describe('order history', () => {
  it("lists the shopper's orders from the account API, each linking to its confirmation page", async () => {
    const paid = makeOrder({
      id: 'a1a1a1a1-0000-4000-8000-000000000001',
      orderNumber: 'LRD-000007',
      orderStatus: 'PAID',
      paymentStatus: 'PAID',
      totalAmount: 23.45,
    })
    const pending = makeOrder({ id: 'b2b2b2b2-0000-4000-8000-000000000002', orderNumber: 'LRD-000006' })
    const { sent } = fakeApi({ 'GET /api/account/orders': { body: [paid, pending] } })
    render()
    const table = await screen.findByRole('table')
    const [, first, second] = within(table).getAllByRole('row')
    expect(first).toHaveTextContent(/LRD-000007.*Paid.*Paid.*£23\.45/)
    expect(second).toHaveTextContent('LRD-000006')
    expect(within(table).getByRole('link', { name: 'LRD-000007' })).toHaveAttribute(
      'href',
      '/order-confirmation/a1a1a1a1-0000-4000-8000-000000000001',
    )
    expect(sent('GET /api/account/orders')).toHaveLength(1)
  })

  it('pages through the history ten orders at a time, from the count the API gives', async () => {
    const order = (index: number) =>
      makeOrder({
        id: `c3c3c3c3-0000-4000-8000-${String(index).padStart(12, '0')}`,
        orderNumber: `LRD-${String(100 - index).padStart(6, '0')}`,
      })
    const { sent } = fakeApi({
      'GET /api/account/orders': ({ query }) => {
        const page = Number(query.get('page'))
        const size = Number(query.get('size'))
        const all = Array.from({ length: 12 }, (_, index) => order(index))
        return { body: all.slice(page * size, page * size + size), headers: { 'X-Total-Count': '12' } }
      },
    })
    const { user } = render()
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    expect(sent('GET /api/account/orders')[0]?.query.get('size')).toBe('10')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await within(table).findByRole('link', { name: 'LRD-000089' })).toBeInTheDocument()
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(sent('GET /api/account/orders').at(-1)?.query.get('page')).toBe('1')
    expect(screen.getByRole('region', { name: 'Your orders' })).toHaveAttribute('tabindex', '0')
  })

  it('offers to try again when the orders cannot be loaded', async () => {
    let calls = 0
    fakeApi({
      'GET /api/account/orders': () => {
        calls += 1
        return calls === 1 ? { status: 503, body: { message: 'Unavailable' } } : { body: [] }
      },
    })
    const { user } = render()
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No orders yet')).toBeInTheDocument()
  })
})

describe('order history across sessions on one page', () => {
  it('never shows the next shopper the orders of whoever was logged in before', async () => {
    const tokenOf = (sub: string) => fakeJwt(Date.now() + 60 * 60 * 1000, { sub })
    const orderOf = {
      ada: makeOrder({ orderNumber: 'LRD-000001' }),
      bob: makeOrder({ orderNumber: 'LRD-000002' }),
    }
    const tokens = { ada: tokenOf('ada'), bob: tokenOf('bob') }
    fakeApi({
      'GET /api/account/orders': ({ headers }) => ({
        body: [headers.get('Authorization') === `Bearer ${tokens.ada}` ? orderOf.ada : orderOf.bob],
      }),
    })
    act(() => writeStorage(STORAGE_KEYS.token, tokens.ada))
    render()
    // In the table and in its card (one of them hidden by the screen's width).
    expect(await screen.findAllByRole('link', { name: 'LRD-000001' })).toHaveLength(2)

    // Ada logs out and Bob logs in on the same page, well within the orders' cache time (one query client).
    act(() => writeStorage(STORAGE_KEYS.token, tokens.bob))
    expect(await screen.findAllByRole('link', { name: 'LRD-000002' })).toHaveLength(2)
    expect(screen.queryAllByRole('link', { name: 'LRD-000001' })).toHaveLength(0)
  })
})
