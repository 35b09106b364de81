import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../testing/test-product'
import { fakeApi } from '../testing/fake-api'
import { expectDocumentTitle, renderRoutes } from '../testing/render-app'

// A page's first import (transformed on demand) can take longer than a query's default second on a busy
// machine, as in home-page.test.tsx.
async function heading() {
  return screen.findByRole('heading', { level: 1 }, { timeout: 5000 })
}

describe('routes', () => {
  beforeEach(() => {
    fakeApi({ 'GET /api/public/categories': { body: [] } })
  })

  it('renders the home page inside the layout', async () => {
    renderRoutes('/')
    expect(await heading()).toHaveTextContent('Fresh groceries and bakes from north-west London shops')
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('main')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
    await expectDocumentTitle('Larder: fresh groceries in north-west London')
  })

  it('decodes category levels and joins them with >', async () => {
    renderRoutes('/products/Fresh/Vegetables%20%26%20Fruits')
    expect(await heading()).toHaveTextContent('Fresh > Vegetables & Fruits')
    await expectDocumentTitle('Fresh > Vegetables & Fruits | Larder')
  })

  it('shows three category levels', async () => {
    renderRoutes('/products/Fresh/Vegetables%20%26%20Fruits/Vegetables')
    expect(await heading()).toHaveTextContent('Fresh > Vegetables & Fruits > Vegetables')
  })

  it('treats /products/user-N as a shop and shows its name', async () => {
    fakeApi({
      'GET /api/public/categories': { body: [] },
      'GET /api/public/_search/products': { body: [] },
      'GET /api/public/users': {
        body: [
          {
            id: 'user-3',
            companyName: 'Hadley & Sons Family Butchers',
            city: 'Barnet',
            companyAddress: '1 High Street, Barnet EN5 5SJ',
            companyPhone: '020 7946 0103',
            description: 'Butchers',
            shopImage: null,
          },
        ],
      },
    })
    renderRoutes('/products/user-3')
    await waitFor(async () => expect(await heading()).toHaveTextContent('Hadley & Sons Family Butchers'))
  })

  it('shows search results for /products?search=', async () => {
    renderRoutes('/products?search=apples')
    expect(await heading()).toHaveTextContent('Results for “apples”')
  })

  it.each([
    ['/products', 'All products'],
    ['/product-detail/12', 'Sourdough loaf'],
    ['/products2nd/12', 'Sourdough loaf'],
    ['/shops', 'Our shops'],
    ['/freebymall', 'Free items'],
    ['/freebymall/Bakery/Bread', 'Free items: Bakery > Bread'],
    ['/freebymall/Bakery/Bread/Rolls', 'Free items: Bakery > Bread > Rolls'],
    ['/aboutus', 'About us'],
    ['/contactus', 'Contact us'],
    ['/cart-page', 'Your Cart is Empty'],
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
    ['/order-confirmation/5b1f2c3e-0000-4000-8000-000000000000', 'order'],
  ])('%s shows its page', async (url, expected) => {
    fakeApi({
      'GET /api/public/categories': { body: [] },
      'GET /api/public/products/12': { body: makeProduct({ id: 12 }) },
      'GET /api/public/products': { body: [makeProduct({ id: 12 })] },
      'GET /api/public/_search/products': { body: [makeProduct({ id: 12 })] },
      'GET /api/public/users': { body: [] },
      'GET /api/public/config': { body: { googleClientId: null, appCheck: 'off' } },
    })
    renderRoutes(url)
    expect(await heading()).toHaveTextContent(expected)
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument()
  })

  it.each(['/no-such-page', '/freebymall/Bakery', '/products/a/b/c/d'])('%s is not found', async (url) => {
    renderRoutes(url)
    expect(await heading()).toHaveTextContent('Page not found')
    await expectDocumentTitle('Page not found | Larder')
  })

  it('leaves the first page where the shopper (or the browser restoring it) scrolled it', async () => {
    window.scrollTo = vi.fn()
    renderRoutes('/aboutus')
    await heading()
    await act(async () => {}) // the page's effects
    expect(window.scrollTo).not.toHaveBeenCalled()
  })

  it('tells screen readers the title of each page the shopper moves to, not of the first', async () => {
    const { router } = renderRoutes('/')
    await heading()
    await expectDocumentTitle('Larder: fresh groceries in north-west London')
    const announcement = () => document.getElementById('route-announcer')
    expect(announcement()).toHaveTextContent(/^$/)
    await router.navigate('/aboutus')
    await waitFor(() => expect(announcement()).toHaveTextContent('About us | Larder'))
    await router.navigate('/products/Fresh')
    await waitFor(() => expect(announcement()).toHaveTextContent('Fresh | Larder'))
  })

  it("takes the focus from a footer link to the new page's content, and keeps it where the page put it", async () => {
    const { router, user } = renderRoutes('/')
    await heading()
    const footerLink = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'About Us' })
    await user.click(footerLink)
    expect(await heading()).toHaveTextContent('About us')
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus())

    // A link inside the page that stays on screen keeps the focus (the category panel of a listing).
    await router.navigate('/products/Fresh')
    const allProducts = await screen.findByRole('link', { name: 'All products' }, { timeout: 5000 })
    await user.click(allProducts)
    await waitFor(() => expect(router.pathname).toBe('/products'))
    expect(allProducts).toHaveFocus()
  })

  it('scrolls to the top on every route change', async () => {
    const { router } = renderRoutes('/')
    await heading()
    window.scrollTo = vi.fn()
    await router.navigate('/aboutus')
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0))
  })
})
