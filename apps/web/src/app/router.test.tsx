import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderRoutes } from '../testing/render-app'

async function heading() {
  return screen.findByRole('heading', { level: 1 })
}

describe('routes', () => {
  beforeEach(() => {
    mockApi({ '/api/public/categories': [] })
  })

  it('renders the home page inside the layout', async () => {
    renderRoutes('/')
    expect(await heading()).toHaveTextContent('Fresh groceries and bakes from north-west London shops')
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('main')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
    expect(document.title).toBe('Larder: fresh groceries in north-west London')
  })

  it('decodes category levels and joins them with >', async () => {
    renderRoutes('/products/Fresh/Vegetables%20%26%20Fruits')
    expect(await heading()).toHaveTextContent('Fresh > Vegetables & Fruits')
    expect(document.title).toBe('Fresh > Vegetables & Fruits | Larder')
  })

  it('shows three category levels', async () => {
    renderRoutes('/products/Fresh/Vegetables%20%26%20Fruits/Vegetables')
    expect(await heading()).toHaveTextContent('Fresh > Vegetables & Fruits > Vegetables')
  })

  it('treats /products/user-N as a shop', async () => {
    renderRoutes('/products/user-3')
    expect(await heading()).toHaveTextContent('Shop user-3')
  })

  it('shows search results for /products?search=', async () => {
    renderRoutes('/products?search=apples')
    expect(await heading()).toHaveTextContent('Results for “apples”')
  })

  it.each([
    ['/products', 'Larder mall'],
    ['/product-detail/12', 'Product details'],
    ['/products2nd/12', 'Product'],
    ['/shops', 'Our shops'],
    ['/freebymall', 'Free items'],
    ['/freebymall/Bakery/Bread', 'Free items: Bakery > Bread'],
    ['/freebymall/Bakery/Bread/Rolls', 'Free items: Bakery > Bread > Rolls'],
    ['/aboutus', 'About us'],
    ['/contactus', 'Contact us'],
    ['/cart-page', 'Shopping cart'],
    ['/login', 'Log in'],
    ['/register', 'Create an account'],
    ['/login/forgot-password', 'Forgot your password?'],
    ['/reset-password?key=abc', 'Reset your password'],
    ['/refund-policy', 'Refund policy'],
    ['/privacy-policy', 'Privacy and cookie policy'],
    ['/terms-and-conditions', 'Terms and conditions'],
    ['/test', 'Demo login'],
    ['/test2', 'Demo login 2'],
    ['/category-list', 'Categories'],
    ['/googlepay', 'Google Pay'],
    ['/account', 'Your account'],
    ['/order-confirmation/5b1f2c3e', 'Thank you for your order'],
  ])('%s shows its page', async (url, expected) => {
    renderRoutes(url)
    expect(await heading()).toHaveTextContent(expected)
    expect(screen.getByText(/This page arrives with the storefront issue/)).toBeInTheDocument()
  })

  it.each(['/no-such-page', '/freebymall/Bakery', '/products/a/b/c/d'])('%s is not found', async (url) => {
    renderRoutes(url)
    expect(await heading()).toHaveTextContent('Page not found')
    expect(document.title).toBe('Page not found | Larder')
  })

  it('scrolls to the top on every route change', async () => {
    const { router } = renderRoutes('/')
    await heading()
    window.scrollTo = vi.fn()
    await router.navigate('/aboutus')
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0))
  })
})
