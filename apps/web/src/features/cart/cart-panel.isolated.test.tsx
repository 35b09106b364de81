import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, rootShell } from '../../testing/render-app'
import { fakeApi } from '../../testing/fake-api'
import { loadPage } from '../../lib/browser-location'
import { closeCartPanel } from './cart-panel-state'
import { readCart } from './cart-store'
import { cartLine, seedCart } from '../../testing/test-cart'

// The one browser boundary jsdom cannot cross: a full page load.
vi.mock('../../lib/browser-location', () => ({ loadPage: vi.fn() }))

const routes = [
  { path: '/', Component: () => <p>home page</p> },
  { path: '/product-detail/:id', Component: () => <p>product page</p> },
]

async function openPanel() {
  const view = renderRoutes('/', routes, rootShell)
  await view.user.click(screen.getByRole('link', { name: /^Cart,/ }))
  const panel = await screen.findByRole('dialog', { name: 'Your cart' })
  return { ...view, panel }
}

beforeEach(() => {
  vi.mocked(loadPage).mockClear()
  fakeApi({ 'GET /api/public/categories': { body: [] } })
})

afterEach(() => {
  act(() => closeCartPanel())
})

describe('cart side panel', () => {
  it('opens from the navbar cart button and says when the cart is empty', async () => {
    const { panel } = await openPanel()
    expect(within(panel).getByText('Your cart is empty.')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Check out' })).toBeDisabled()
  })

  it('lists each line with its picture link, name, price, quantity, line total, ITEMS and SUBTOTAL', async () => {
    seedCart([
      cartLine({ id: 4, productName: 'Brie', salePrice: 4.2, discountPrice: 3.8, qty: 2 }),
      cartLine({ id: 9, productName: 'Oat milk', salePrice: 1.35, qty: 3 }),
    ])
    const { panel } = await openPanel()
    const [brie, oatMilk] = within(panel).getAllByRole('listitem')
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2)
    if (!brie || !oatMilk) throw new Error('Two lines expected')
    expect(within(brie).getByRole('link', { name: 'Brie' })).toHaveAttribute('href', '/product-detail/4')
    expect(within(brie).getByText('£3.80')).toBeInTheDocument()
    expect(within(brie).getByText('£7.60')).toBeInTheDocument()
    expect(within(oatMilk).getByText('£4.05')).toBeInTheDocument()
    expect(within(panel).getByText('Items').nextElementSibling).toHaveTextContent('5')
    expect(within(panel).getByText('Subtotal').nextElementSibling).toHaveTextContent('£11.65')
  })

  it('removes a line when minus takes it below 1, and stops plus at the stock', async () => {
    seedCart([cartLine({ id: 4, productName: 'Brie', qty: 1, stock: 2 })])
    const { panel, user } = await openPanel()
    const plus = within(panel).getByRole('button', { name: 'Increase quantity of Brie' })
    await user.click(plus)
    expect(readCart()[0]?.qty).toBe(2)
    expect(plus).toHaveAttribute('aria-disabled', 'true')
    await user.click(plus)
    expect(readCart()[0]?.qty).toBe(2)
    const minus = within(panel).getByRole('button', { name: 'Decrease quantity of Brie' })
    await user.click(minus)
    await user.click(minus)
    expect(readCart()).toEqual([])
    expect(within(panel).getByText('Your cart is empty.')).toBeInTheDocument()
  })

  it('removes a line with its remove button', async () => {
    seedCart([cartLine({ id: 4, productName: 'Brie' }), cartLine({ id: 5, productName: 'Feta' })])
    const { panel, user } = await openPanel()
    await user.click(within(panel).getByRole('button', { name: 'Remove Brie' }))
    expect(readCart().map((line) => line.productName)).toEqual(['Feta'])
  })

  it('closes with Escape and gives focus back to the cart button', async () => {
    const { panel, user } = await openPanel()
    expect(within(panel).getByRole('button', { name: 'Close cart' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(panel).not.toHaveAttribute('open')
    expect(screen.getByRole('link', { name: /^Cart,/ })).toHaveFocus()
  })

  it('keeps Tab inside the panel', async () => {
    seedCart([cartLine({ id: 4, productName: 'Brie' })])
    const { panel, user } = await openPanel()
    const checkOut = within(panel).getByRole('button', { name: 'Check out' })
    checkOut.focus()
    await user.tab()
    expect(within(panel).getByRole('button', { name: 'Close cart' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(checkOut).toHaveFocus()
  })

  it('Check out closes the panel and loads the cart page afresh', async () => {
    seedCart([cartLine({ id: 4 })])
    const { panel, user } = await openPanel()
    await user.click(within(panel).getByRole('button', { name: 'Check out' }))
    expect(panel).not.toHaveAttribute('open')
    expect(loadPage).toHaveBeenCalledWith('/cart-page')
  })

  it('closes when a product picture leads to its page', async () => {
    seedCart([cartLine({ id: 4, productName: 'Brie' })])
    const { panel, user, router } = await openPanel()
    await user.click(within(panel).getByRole('link', { name: 'Brie' }))
    expect(router.pathname).toBe('/product-detail/4')
    expect(panel).not.toHaveAttribute('open')
  })
})
