import type { Product } from '@larder/shared'
import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../lib/storage'
import { fakeApi } from '../../testing/fake-api'
import { expectDocumentTitle, refetchFailing, renderRoutes } from '../../testing/render-app'
import { productsQueryOptions } from '../catalog'
import { makeProduct } from '../../testing/test-product'
import { RELATED_SIZE, relatedFilter } from './components/related-products'

// Pages arrive as lazy chunks: on a busy machine the first render can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 })

const cheddar = makeProduct({
  id: 5,
  productName: 'Mature Cheddar',
  productDescription: 'Aged for 12 months.',
  productIngredients: 'Milk, salt, rennet',
  productAllergens: 'Milk',
  salePrice: 4.2,
  qty: 7,
  categoryL1: 'Fresh',
  categoryL2: 'Cheese',
  categoryL3: null,
  vendorID: 'user-4',
  vendorCity: 'Northolt',
  vendorCompanyName: 'Northolt Dairy',
})

const related = [
  makeProduct({ id: 5, productName: 'Mature Cheddar', categoryL1: 'Fresh', categoryL2: 'Cheese' }),
  makeProduct({ id: 6, productName: 'Red Leicester', categoryL1: 'Fresh', categoryL2: 'Cheese' }),
  makeProduct({ id: 7, productName: 'Stilton', categoryL1: 'Fresh', categoryL2: 'Cheese' }),
]

const SEARCH = 'GET /api/public/_search/products'
const productKey = (id: number) => `GET /api/public/products/${id}`

/** The catalogue API as the server answers it: each product by its id, and a search listing. */
function serveCatalogue(products: Product[]) {
  return fakeApi({
    ...Object.fromEntries(products.map((product) => [productKey(product.id), { body: product }])),
    [SEARCH]: { body: related, headers: { 'X-Total-Count': String(related.length) } },
  })
}

describe('product detail page', () => {
  it('shows the product with its stock, price, availability, shop and sections', async () => {
    serveCatalogue([cheddar])
    renderRoutes('/product-detail/5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Mature Cheddar' })).toBeInTheDocument()
    await expectDocumentTitle('Mature Cheddar | Larder')
    expect(screen.getByText('7 products left in stock!')).toBeInTheDocument()
    expect(screen.getByText('In-Stock')).toBeInTheDocument()
    expect(screen.getByText('£4.20')).toBeInTheDocument()
    const picture = screen.getByRole('img', { name: 'Mature Cheddar' })
    expect(picture).toHaveAttribute('width', '512')
    // The page's largest picture is fetched first.
    expect(picture).toHaveAttribute('fetchpriority', 'high')
    expect(screen.getByRole('link', { name: 'Northolt Dairy' })).toHaveAttribute('href', '/products/user-4')
    const sections = {
      Description: 'Aged for 12 months.',
      Ingredients: 'Milk, salt, rennet',
      Allergens: 'Milk',
    }
    for (const [title, text] of Object.entries(sections)) {
      expect(screen.getByRole('region', { name: title })).toHaveTextContent(text)
    }
  })

  it('links the breadcrumb to home and the two category listings', async () => {
    serveCatalogue([cheddar])
    renderRoutes('/product-detail/5')
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    const links = within(breadcrumb).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Fresh', '/products/Fresh'],
      ['Cheese', '/products/Fresh/Cheese'],
    ])
  })

  it('encodes category names in the breadcrumb links', async () => {
    serveCatalogue([makeProduct({ id: 9, categoryL1: 'Fresh', categoryL2: 'Vegetables & Fruits' })])
    renderRoutes('/product-detail/9')
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    expect(within(breadcrumb).getByRole('link', { name: 'Vegetables & Fruits' })).toHaveAttribute(
      'href',
      '/products/Fresh/Vegetables%20%26%20Fruits',
    )
  })

  it('hides the sections that are empty', async () => {
    serveCatalogue([
      {
        ...cheddar,
        productDescription: 'Aged for 12 months.',
        productIngredients: '  ',
        productAllergens: '',
      },
    ])
    renderRoutes('/product-detail/5')
    await screen.findByRole('heading', { level: 1, name: 'Mature Cheddar' })
    expect(screen.getByRole('heading', { name: 'Description' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Ingredients' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Allergens' })).not.toBeInTheDocument()
  })

  it('says Out of Stock and blocks Add to Cart when nothing is left', async () => {
    serveCatalogue([{ ...cheddar, qty: 0 }])
    renderRoutes('/product-detail/5')
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument()
    expect(screen.getByText('0 products left in stock!')).toBeInTheDocument()
    expect(screen.queryByText('In-Stock')).not.toBeInTheDocument()
    const article = screen.getByRole('article', { name: 'Mature Cheddar' })
    expect(within(article).getByRole('button', { name: /Add to Cart/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })

  it('asks for related products of the same category, size 10, and leaves this product out', async () => {
    const { sent } = serveCatalogue([cheddar])
    renderRoutes('/product-detail/5')
    const row = await screen.findByRole('list', { name: 'You may also like' })
    await waitFor(() => expect(within(row).getAllByRole('article')).toHaveLength(2))
    expect(within(row).queryByRole('link', { name: 'Mature Cheddar' })).not.toBeInTheDocument()
    expect(within(row).getByRole('link', { name: 'Red Leicester' })).toHaveAttribute(
      'href',
      '/product-detail/6',
    )

    const search = sent(SEARCH)[0]?.query
    expect(search?.get('query')).toBe('(categoryL1:"Fresh") AND (categoryL2:"Cheese")')
    expect(search?.get('page')).toBe('0')
    expect(search?.get('size')).toBe('10')
  })

  it('keeps the related products it shows when fetching them again fails', async () => {
    serveCatalogue([cheddar])
    const { queryClient } = renderRoutes('/product-detail/5')
    const row = await screen.findByRole('list', { name: 'You may also like' })
    await waitFor(() => expect(within(row).getAllByRole('article')).toHaveLength(2))

    await refetchFailing(queryClient, productsQueryOptions(relatedFilter(cheddar), 0, RELATED_SIZE).queryKey)
    expect(
      within(screen.getByRole('list', { name: 'You may also like' })).getAllByRole('article'),
    ).toHaveLength(2)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('includes the third category level in the related search when the product has one', async () => {
    const { sent } = serveCatalogue([
      makeProduct({ id: 8, categoryL1: 'Fresh', categoryL2: 'Vegetables & Fruits', categoryL3: 'Fruits' }),
    ])
    renderRoutes('/product-detail/8')
    await screen.findByRole('list', { name: 'You may also like' })
    expect(sent(SEARCH)[0]?.query.get('query')).toBe(
      '(categoryL1:"Fresh") AND (categoryL2:"Vegetables & Fruits") AND (categoryL3:"Fruits")',
    )
  })

  it('removes the product from the cart with Remove Item, which is off while it is not in the cart', async () => {
    serveCatalogue([cheddar])
    window.localStorage.setItem(
      STORAGE_KEYS.cartItems,
      JSON.stringify([
        { ...cheddar, qty: 2 },
        { ...related[1], qty: 1 },
      ]),
    )
    const { user } = renderRoutes('/product-detail/5')
    const remove = await screen.findByRole('button', { name: 'Remove Item' })
    expect(remove).toHaveAttribute('aria-disabled', 'false')
    await user.click(remove)

    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.cartItems) ?? '[]')
    expect(stored).toEqual([expect.objectContaining({ id: 6, qty: 1 })])
    expect(remove).toHaveAttribute('aria-disabled', 'true')
    // Off, but still where the keyboard left it; pressing it again changes nothing.
    expect(remove).toHaveFocus()
    await user.click(remove)
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.cartItems) ?? '[]')).toEqual(stored)
    expect(screen.getByText('Removed from cart')).toBeInTheDocument()
  })

  it('shows the not-found page when the API answers 404', async () => {
    fakeApi({ [productKey(99999999)]: { status: 404, body: { message: 'Product not found' } } })
    renderRoutes('/product-detail/99999999')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that product' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products')
    await expectDocumentTitle('Product not found | Larder')
  })

  it('shows the not-found page for a malformed id without asking the API', async () => {
    const { log } = serveCatalogue([cheddar])
    renderRoutes('/product-detail/5abc')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that product' }),
    ).toBeInTheDocument()
    expect(log.some((request) => request.path.startsWith('/api/public/products/'))).toBe(false)
  })

  it('offers a retry when the product cannot be loaded', async () => {
    fakeApi({ [productKey(5)]: { status: 503, body: { message: 'Service unavailable' } } })
    const { user } = renderRoutes('/product-detail/5')
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load this product')

    serveCatalogue([cheddar])
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Mature Cheddar' })).toBeInTheDocument()
  })
})
