import { configure, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, type FakeRoute } from '../../testing/fake-api'
import { expectDocumentTitle, renderRoutes } from '../../testing/render-app'
import { makeProduct } from '../../testing/test-product'

// Pages arrive as lazy chunks: on a busy machine the first render can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 })

const buns = makeProduct({
  id: 8,
  productName: 'Chelsea Buns',
  productDescription: 'Sticky spirals of currants and cinnamon.',
  images: ['/media/food/bun/1.svg', '/media/food/bun/2.svg'],
  salePrice: 2.4,
  discountPrice: 1.8,
  qty: 9,
  status: 'RATED',
})

const BUNS = 'GET /api/public/products/8'

function serve(routes: Record<string, FakeRoute>) {
  // The layout's category menu asks too, and the browser takes responses at their type (decision 0007).
  return fakeApi({ 'GET /api/public/categories': { body: [] }, ...routes })
}

describe('template product page', () => {
  it('names the product in the breadcrumb and title, with its prices, stock, status and description', async () => {
    const { sent } = serve({ [BUNS]: { body: buns } })
    renderRoutes('/products2nd/8')
    expect(await screen.findByRole('heading', { level: 1, name: 'Chelsea Buns' })).toBeInTheDocument()
    expect(sent(BUNS).map((request) => request.query.toString())).toEqual([''])
    await expectDocumentTitle('Chelsea Buns | Larder')

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(breadcrumb).getByText('Chelsea Buns')).toHaveAttribute('aria-current', 'page')

    expect(screen.getByText('£1.80')).toBeInTheDocument()
    expect(screen.getByText('£2.40')).toBeInTheDocument()
    expect(screen.getByText('Quantity left').nextElementSibling).toHaveTextContent('9')
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Best rated')
    expect(screen.getByText('Sticky spirals of currants and cinnamon.')).toBeInTheDocument()
  })

  it('shows the pictures in a carousel', async () => {
    serve({ [BUNS]: { body: buns } })
    renderRoutes('/products2nd/8')
    const carousel = await screen.findByRole('region', { name: 'Pictures of Chelsea Buns' })
    expect(within(carousel).getAllByRole('group', { hidden: true })).toHaveLength(2)
    expect(within(carousel).getByRole('button', { name: 'Next picture' })).toBeInTheDocument()
  })

  it('keeps the template demo content inert', async () => {
    serve({ [BUNS]: { body: buns } })
    renderRoutes('/products2nd/8')
    await screen.findByRole('heading', { level: 1, name: 'Chelsea Buns' })
    for (const flavour of ['Sponge', 'Pumpkin', 'Velvet']) {
      expect(screen.getByRole('radio', { name: flavour })).toBeDisabled()
    }
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled()
    expect(screen.getByText('Free shipping over £250')).toBeInTheDocument()
    expect(screen.getByText('Returns within 14 days')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'product page' })).toHaveAttribute('href', '/product-detail/8')
  })

  it('shows the not-found page for an unknown product', async () => {
    serve({ 'GET /api/public/products/424242': { status: 404, body: { message: 'Product not found' } } })
    renderRoutes('/products2nd/424242')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that product' }),
    ).toBeInTheDocument()
  })
})
