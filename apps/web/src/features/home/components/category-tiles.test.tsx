import { screen, waitFor, within } from '@testing-library/react'
import { rasterSrcSet } from '@larder/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../../../testing/fake-api'
import { useParams } from '../../../framework/routing/router'
import { renderRoutes } from '../../../testing/render-app'
import { CategoryTiles } from './category-tiles'

describe('CategoryTiles', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("leaves out the tiles of categories the storefront's tree does not hold (hidden by the operator)", async () => {
    // Cheese and Meat Chicken are hidden: the tree the API answers has neither.
    fakeApi({
      'GET /api/public/categories': {
        body: [
          {
            categoryName: 'Fresh',
            subCategory: [
              {
                categoryName: 'Vegetables & Fruits',
                subCategory: [
                  { categoryName: 'Vegetables', subCategory: [] },
                  { categoryName: 'Fruits', subCategory: [] },
                ],
              },
              { categoryName: 'See food and Fish', subCategory: [] },
            ],
          },
          { categoryName: 'Drinks', subCategory: [] },
        ],
      },
    })
    renderRoutes('/', [{ path: '/', Component: CategoryTiles }])
    const section = await screen.findByRole('region', { name: 'Shop by aisle' })
    await waitFor(() => expect(within(section).queryByRole('link', { name: 'Cheese' })).toBeNull())
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Fresh Vegetable', 'Fresh Fruits', 'Fresh Fish', 'Beverages'])
  })

  it("links the six tiles to the spec's targets, with each path segment encoded", async () => {
    renderRoutes('/', [{ path: '/', Component: CategoryTiles }])
    const section = await screen.findByRole('region', { name: 'Shop by aisle' })
    const links = within(section).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Fresh Vegetable', '/products/Fresh/Vegetables%20%26%20Fruits/Vegetables'],
      ['Fresh Fruits', '/products/Fresh/Vegetables%20%26%20Fruits/Fruits'],
      ['Fresh Fish', '/products/Fresh/See%20food%20and%20Fish'],
      ['Fresh Meat', '/products/Fresh/Meat%20Chicken'],
      ['Beverages', '/products/Drinks'],
      ['Cheese', '/products/Fresh/Cheese'],
    ])
  })

  it('opens the decoded category listing when a tile is chosen', async () => {
    const { user } = renderRoutes('/', [
      { path: '/', Component: CategoryTiles },
      { path: '/products/:l1/:l2?/:l3?', Component: () => <p>listing {JSON.stringify(useParams())}</p> },
    ])
    await user.click(await screen.findByRole('link', { name: 'Fresh Vegetable' }))
    const listing = await screen.findByText(/^listing/)
    expect(JSON.parse(listing.textContent.replace('listing ', ''))).toEqual({
      l1: 'Fresh',
      l2: 'Vegetables & Fruits',
      l3: 'Vegetables',
    })
  })

  it('gives every picture fixed dimensions and lazy loading, and no alt text to repeat the label', async () => {
    renderRoutes('/', [{ path: '/', Component: CategoryTiles }])
    const section = await screen.findByRole('region', { name: 'Shop by aisle' })
    for (const image of section.querySelectorAll('img')) {
      expect(image).toHaveAttribute('alt', '')
      expect(image).toHaveAttribute('loading', 'lazy')
      expect(image).toHaveAttribute('width')
      expect(image).toHaveAttribute('height')
    }
  })

  it('offers each picture as small WebP, which the browser decodes off its main thread', async () => {
    renderRoutes('/', [{ path: '/', Component: CategoryTiles }])
    const section = await screen.findByRole('region', { name: 'Shop by aisle' })
    const images = [...section.querySelectorAll('img')]
    expect(images).not.toHaveLength(0)
    for (const image of images) {
      const src = image.getAttribute('src') ?? ''
      expect(image.getAttribute('srcset')).toBe(rasterSrcSet(src))
      expect(image.getAttribute('srcset')).toContain('.webp?w=160 160w')
      expect(image).toHaveAttribute('sizes', '5rem')
    }
  })
})
