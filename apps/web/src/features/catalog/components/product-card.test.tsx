import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '../../../testing/render-app'
import defaultImage from '../../../components/assets/default-product.svg'
import { makeProduct } from '../../../testing/test-product'
import { addToCartAction } from '../../cart'
import { ProductCard } from './product-card'
import type { Product } from '@larder/shared'

function renderCard(product: Product, href?: string) {
  return renderRoutes('/', [
    {
      path: '/',
      Component: () => (
        <ProductCard
          product={product}
          href={href}
          action={(className) => addToCartAction(product, className)}
        />
      ),
    },
  ])
}

describe('ProductCard', () => {
  it('shows the rounded discount percentage when both prices exist', async () => {
    renderCard(makeProduct({ salePrice: 3, discountPrice: 2 }))
    const card = await screen.findByRole('article')
    expect(within(card).getByText('-33%')).toBeInTheDocument()
    expect(within(card).queryByText('Free')).not.toBeInTheDocument()
  })

  it('shows no discount banner on a free product, or for a discount that is none (decision 0020)', async () => {
    for (const prices of [
      { isFree: true, salePrice: 2, discountPrice: 1.5 },
      { salePrice: 2, discountPrice: 2 },
      { salePrice: 10, discountPrice: 9.99 },
    ]) {
      const { unmount } = renderCard(makeProduct(prices))
      expect(within(await screen.findByRole('article')).queryByText(/%/)).not.toBeInTheDocument()
      unmount()
    }
  })

  it('shows no discount banner without a discount price', async () => {
    renderCard(makeProduct({ salePrice: 3, discountPrice: null }))
    const card = await screen.findByRole('article')
    expect(within(card).queryByText(/%/)).not.toBeInTheDocument()
  })

  it('shows the Free banner and £0.00 for a free item', async () => {
    renderCard(makeProduct({ isFree: true, salePrice: null }))
    const card = await screen.findByRole('article')
    expect(within(card).getByText('Free')).toBeInTheDocument()
    expect(within(card).getByText('£0.00')).toBeInTheDocument()
  })

  it('links the name to the product detail page, or to the given href', async () => {
    const { unmount } = renderCard(makeProduct({ id: 42 }))
    expect(await screen.findByRole('link', { name: 'Sourdough loaf' })).toHaveAttribute(
      'href',
      '/product-detail/42',
    )
    unmount()
    renderCard(makeProduct({ id: 42 }), '/products2nd/42')
    expect(await screen.findByRole('link', { name: 'Sourdough loaf' })).toHaveAttribute(
      'href',
      '/products2nd/42',
    )
  })

  it('shows the stock left, or Out of stock', async () => {
    const { unmount } = renderCard(makeProduct({ qty: 7 }))
    expect(await screen.findByText('7 left')).toBeInTheDocument()
    unmount()
    renderCard(makeProduct({ qty: 0 }))
    expect(await screen.findByText('Out of stock')).toBeInTheDocument()
  })

  it('falls back to the default picture when the product has none, a blank one or one that fails', async () => {
    const { unmount } = renderCard(makeProduct({ images: [] }))
    expect((await screen.findByRole('article')).querySelector('img')).toHaveAttribute('src', defaultImage)
    unmount()
    const blank = renderCard(makeProduct({ images: ['  '] }))
    expect((await screen.findByRole('article')).querySelector('img')).toHaveAttribute('src', defaultImage)
    blank.unmount()
    renderCard(makeProduct({ images: ['/media/gone.webp'] }))
    const img = (await screen.findByRole('article')).querySelector('img')
    expect(img).toHaveAttribute('src', '/media/gone.webp')
    if (img) fireEvent.error(img)
    expect(img).toHaveAttribute('src', defaultImage)
  })
})
