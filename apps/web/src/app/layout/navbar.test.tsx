import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS, writeStorage } from '../../lib/storage'
import { cartLine } from '../../testing/test-cart'
import { renderRoutes } from '../../testing/render-app'
import { Navbar } from './navbar'

const routes = [
  { path: '/', Component: Navbar },
  { path: '*', Component: () => <p>another page</p> },
]

function logIn(user: object = { firstName: 'Priya', lastName: 'Shah', imageUrl: null }) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'header.payload.signature')
  window.localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user))
}

describe('Navbar', () => {
  it('shows the three main links', () => {
    renderRoutes('/', routes)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(nav).getByRole('link', { name: 'Larder mall' })).toHaveAttribute('href', '/products')
    expect(within(nav).getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/aboutus')
  })

  it('offers Login and Register when logged out', () => {
    renderRoutes('/', routes)
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument()
    // No avatar for nobody (decision 0023): it stands for the logged-in shopper and leads to their account.
    expect(screen.queryByRole('link', { name: /^Your account/ })).not.toBeInTheDocument()
  })

  it('shows the first name and Logout when a token and user are stored', () => {
    logIn()
    renderRoutes('/', routes)
    expect(screen.getByText('Priya')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Your account (Priya)' })).toHaveAttribute('href', '/account')
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument()
  })

  it("shows the user's picture when there is one", () => {
    logIn({ firstName: 'Tom', imageUrl: 'https://example.test/tom.png' })
    const { container } = renderRoutes('/', routes)
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://example.test/tom.png')
  })

  it('logs out: clears the session and goes to /login', async () => {
    logIn()
    const { user, router } = renderRoutes('/', routes)
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    expect(router.pathname).toBe('/login')
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull()
  })

  it('updates when another part of the app logs in', () => {
    renderRoutes('/', routes)
    act(() => {
      writeStorage(STORAGE_KEYS.currentUser, JSON.stringify({ firstName: 'Ada' }))
      writeStorage(STORAGE_KEYS.token, 'token')
    })
    expect(screen.getByText('Ada')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  describe('cart badge', () => {
    it('is hidden while the cart is empty', () => {
      renderRoutes('/', routes)
      expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart-page')
      expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument()
    })

    it('counts the quantities of the stored cart lines', () => {
      window.localStorage.setItem(
        STORAGE_KEYS.cartItems,
        JSON.stringify([cartLine({ id: 1, qty: 2 }), cartLine({ id: 2, qty: 3 })]),
      )
      renderRoutes('/', routes)
      expect(screen.getByTestId('cart-badge')).toHaveTextContent('5')
      expect(screen.getByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument()
    })

    it('follows changes to the stored cart', () => {
      renderRoutes('/', routes)
      act(() => writeStorage(STORAGE_KEYS.cartItems, JSON.stringify([cartLine({ id: 7, qty: 1 })])))
      expect(screen.getByTestId('cart-badge')).toHaveTextContent('1')
      expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
    })
  })

  it('opens and closes the mobile menu', async () => {
    const { user } = renderRoutes('/', routes)
    const toggle = screen.getByRole('button', { name: 'Menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('link', { name: 'About us' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes the mobile menu with Escape and returns focus to its button', async () => {
    const { user } = renderRoutes('/', routes)
    const toggle = screen.getByRole('button', { name: 'Menu' })
    await user.click(toggle)
    await user.tab()
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()
  })
})
