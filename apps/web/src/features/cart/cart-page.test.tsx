import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '../../testing/render-app'
import { CartPage } from './cart-page'
import { readCart } from './cart-store'
import { cartLine, seedCart } from '../../testing/test-cart'

const routes = [
  // The checkout beside the lines is the checkout feature's, tested there.
  { path: '/cart-page', Component: () => <CartPage checkout={() => null} /> },
  { path: '/products', Component: () => <p>products page</p> },
  { path: '/product-detail/:id', Component: () => <p>product page</p> },
]

const cartSection = () => screen.getByRole('region', { name: /My Cart/ })
const summaryValue = (term: string) => within(cartSection()).getByText(term).nextElementSibling

function lineFor(name: string) {
  const line = within(cartSection())
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('link', { name }) !== null)
  if (!line) throw new Error(`No cart line for ${name}`)
  return within(line)
}

describe('cart page', () => {
  it('shows the empty cart with a Shop now link to /products', async () => {
    const { user, router } = renderRoutes('/cart-page', routes)
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeInTheDocument()
    expect(screen.getByText('Please Add Items!')).toBeInTheDocument()
    // Arriving at an empty cart moves no focus: that is the page load's to place.
    expect(document.body).toHaveFocus()
    await user.click(screen.getByRole('link', { name: 'Shop now' }))
    expect(router.pathname).toBe('/products')
  })

  it('lists the lines with linked names, unit prices and line totals, then Sub Total, Shipping and Total', () => {
    seedCart([
      cartLine({ id: 3, productName: 'Cheddar', salePrice: 2.25, qty: 2 }),
      cartLine({ id: 8, productName: 'Rye bread', salePrice: 3, discountPrice: 2.4, qty: 1 }),
    ])
    renderRoutes('/cart-page', routes)
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'My Cart (3 items)' })).toBeInTheDocument()
    expect(within(cartSection()).getAllByRole('listitem')).toHaveLength(2)
    expect(lineFor('Cheddar').getByRole('link', { name: 'Cheddar' })).toHaveAttribute(
      'href',
      '/product-detail/3',
    )
    expect(lineFor('Cheddar').getByText('Unit Price: £2.25')).toBeInTheDocument()
    expect(lineFor('Cheddar').getByText('£4.50')).toBeInTheDocument()
    expect(lineFor('Rye bread').getByText('Unit Price: £2.40')).toBeInTheDocument()
    expect(summaryValue('Sub Total')).toHaveTextContent('£6.90')
    expect(summaryValue('Shipping')).toHaveTextContent('£1.60')
    expect(summaryValue('Total')).toHaveTextContent('£8.50')
  })

  it('shows a discounted line as the side panel does: its price, and the sale price struck through', () => {
    seedCart([
      cartLine({ id: 3, productName: 'Cheddar', salePrice: 2.25, qty: 2 }),
      cartLine({ id: 8, productName: 'Rye bread', salePrice: 3, discountPrice: 2.4, qty: 1 }),
      cartLine({ id: 5, productName: 'Free apples', salePrice: 1.5, isFree: true, qty: 1 }),
    ])
    renderRoutes('/cart-page', routes)
    const unitPrice = (name: string) => lineFor(name).getByText(/^Unit Price: /)
    expect(unitPrice('Rye bread')).toHaveTextContent(/^Unit Price: £2\.40\s*was £3\.00$/)
    expect(unitPrice('Rye bread').querySelector('s')).toHaveTextContent('was £3.00')
    // Nothing struck through where nothing is taken off, nor for a free item (its price is its own).
    expect(unitPrice('Cheddar')).toHaveTextContent(/^Unit Price: £2\.25$/)
    expect(unitPrice('Cheddar').querySelector('s')).toBeNull()
    expect(unitPrice('Free apples')).toHaveTextContent(/^Unit Price: £0\.00$/)
  })

  it('stops minus at 1 and plus at the stock', async () => {
    seedCart([cartLine({ id: 3, productName: 'Cheddar', qty: 2, stock: 3 })])
    const { user } = renderRoutes('/cart-page', routes)
    const minus = screen.getByRole('button', { name: 'Decrease quantity of Cheddar' })
    const plus = screen.getByRole('button', { name: 'Increase quantity of Cheddar' })
    await user.click(minus)
    expect(readCart()[0]?.qty).toBe(1)
    expect(minus).toHaveAttribute('aria-disabled', 'true')
    // Still focused, so the keyboard keeps its place.
    expect(minus).toHaveFocus()
    await user.click(minus)
    expect(readCart()[0]?.qty).toBe(1)
    await user.click(plus)
    await user.click(plus)
    expect(readCart()[0]?.qty).toBe(3)
    expect(plus).toHaveAttribute('aria-disabled', 'true')
    expect(plus).toHaveFocus()
    await user.click(plus)
    expect(readCart()[0]?.qty).toBe(3)
    expect(summaryValue('Sub Total')).toHaveTextContent('£10.50')
  })

  it('removes a line with its remove mark, and shows the empty cart after the last one', async () => {
    seedCart([cartLine({ id: 3, productName: 'Cheddar' }), cartLine({ id: 4, productName: 'Brie' })])
    const { user } = renderRoutes('/cart-page', routes)
    await user.click(screen.getByRole('button', { name: 'Remove Cheddar' }))
    expect(readCart().map((line) => line.id)).toEqual([4])
    expect(screen.getByRole('heading', { name: 'My Cart (1 item)' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Remove Brie' }))
    // The button went with the last line: the keyboard carries on from the heading that says so.
    expect(screen.getByRole('heading', { name: 'Your Cart is Empty' })).toHaveFocus()
  })
})
