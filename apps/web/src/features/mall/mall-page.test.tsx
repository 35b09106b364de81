import type { Category } from '@larder/shared'
import { act, configure, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeApi, type FakeRoute } from '../../testing/fake-api'
import { expectDocumentTitle, holdFetch, renderRoutes } from '../../testing/render-app'
import { makeProduct } from '../../testing/test-product'
import { setDeliveryCity } from '../delivery'

// Pages arrive as lazy chunks: on a busy machine the first render can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 })

const categories: Category[] = [
  {
    categoryName: 'Bakery',
    subCategory: [
      { categoryName: 'Buns', subCategory: [] },
      { categoryName: 'Bread', subCategory: [] },
    ],
  },
  {
    categoryName: 'Fresh',
    subCategory: [
      {
        categoryName: 'Vegetables & Fruits',
        subCategory: [{ categoryName: 'Fruits', subCategory: [] }],
      },
    ],
  },
]

const freeItems = Array.from({ length: 10 }, (_, index) =>
  makeProduct({ id: 100 + index, productName: `Free thing ${index + 1}`, isFree: true, salePrice: null }),
)

/** The catalogue API: the category tree, and a search that has 18 free items in all unless told otherwise. */
function serveCatalogue(search: FakeRoute = { body: freeItems, headers: { 'X-Total-Count': '18' } }) {
  const { log } = fakeApi({
    'GET /api/public/categories': { body: categories },
    'GET /api/public/_search/products': search,
  })
  return {
    productRequests: () => log.filter((request) => request.path.includes('products')),
    categoryRequests: () => log.filter((request) => request.path === '/api/public/categories'),
  }
}

afterEach(() => {
  act(() => setDeliveryCity(null))
})

describe('free mall', () => {
  it('lists free products only, ten at a time, with cards leading to the template page', async () => {
    const { productRequests } = serveCatalogue()
    renderRoutes('/freebymall')
    expect(await screen.findByText('18 free items')).toBeInTheDocument()
    await expectDocumentTitle('Free items | Larder')

    const [request] = productRequests()
    expect(request?.path).toBe('/api/public/_search/products')
    expect(request?.query.get('query')).toBe('(isFree:"true")')
    expect(request?.query.get('size')).toBe('10')
    expect(request?.query.get('page')).toBe('0')

    const cards = screen.getAllByRole('article')
    expect(cards).toHaveLength(10)
    for (const card of cards) expect(within(card).getByText('Free')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Free thing 1' })).toHaveAttribute('href', '/products2nd/100')
  })

  it("offers the delivery town, which the cards' Add to Cart waits for", async () => {
    serveCatalogue()
    const { user } = renderRoutes('/freebymall')
    await screen.findByText('18 free items')
    const [add] = screen.getAllByRole('button', { name: /^Add to Cart: / })
    expect(add).toHaveAttribute('aria-disabled', 'true')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery town' }), 'Ealing')
    expect(add).not.toHaveAttribute('aria-disabled', 'true')
  })

  it('keeps isFree in the query inside a category and shows the path in the heading', async () => {
    const { productRequests } = serveCatalogue()
    renderRoutes('/freebymall/Fresh/Vegetables%20%26%20Fruits/Fruits')
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Free items: Fresh > Vegetables & Fruits > Fruits',
      }),
    ).toBeInTheDocument()
    await screen.findByText('18 free items')
    const [request] = productRequests()
    expect(request?.query.get('query')).toBe(
      '(categoryL1:"Fresh") AND (categoryL2:"Vegetables & Fruits") AND (categoryL3:"Fruits") AND (isFree:"true")',
    )
    expect(request?.query.get('size')).toBe('10')
  })

  it('narrows by name prefix after a 300 ms pause in typing, still free only, and keeps it in the URL', async () => {
    const { productRequests } = serveCatalogue()
    const { user, router } = renderRoutes('/freebymall')
    await screen.findByText('18 free items')
    await user.type(screen.getByRole('searchbox', { name: 'Search free items' }), 'bun')
    // Nothing is asked while the shopper is still typing.
    expect(productRequests().map((request) => request.query.get('query'))).toEqual(['(isFree:"true")'])

    await waitFor(() => expect(router.search).toBe('?search=bun'))
    await waitFor(() => expect(productRequests()).toHaveLength(2))
    const last = productRequests().at(-1)
    expect(last?.query.get('query')).toBe('(isFree:"true") AND (bun)')
    expect(last?.query.get('size')).toBe('10')
    expect(await screen.findByText('18 free items matching “bun”')).toBeInTheDocument()
  })

  it('makes the first pause of a search a step of its own, and replaces it as the typing goes on', async () => {
    serveCatalogue()
    const { user, router } = renderRoutes('/freebymall/Bakery/Buns')
    await screen.findByText('18 free items')
    const box = screen.getByRole('searchbox', { name: 'Search free items' })
    await user.type(box, 'bun')
    await waitFor(() => expect(router.search).toBe('?search=bun'))
    await screen.findByText('18 free items matching “bun”')
    await user.type(box, 's')
    await waitFor(() => expect(router.search).toBe('?search=buns'))
    expect(router.history).toEqual(['/freebymall/Bakery/Buns', '/freebymall/Bakery/Buns?search=buns'])
  })

  it('keeps the items on screen, marked busy and without a count, until the next page answers', async () => {
    serveCatalogue()
    const { user } = renderRoutes('/freebymall')
    await screen.findByText('18 free items')
    const release = holdFetch()

    await user.click(screen.getByRole('link', { name: 'Next' }))
    const grid = await screen.findByRole('list', { busy: true })
    expect(within(grid).getByRole('link', { name: 'Free thing 1' })).toBeInTheDocument()
    expect(screen.queryByText('18 free items')).not.toBeInTheDocument()

    release()
    expect(await screen.findByText('18 free items')).toBeInTheDocument()
    expect(screen.queryByRole('list', { busy: true })).not.toBeInTheDocument()
  })

  it('pages through the results with a zero-based page and size 10', async () => {
    const { productRequests } = serveCatalogue()
    const { user, router } = renderRoutes('/freebymall?search=bun')
    await screen.findByText('18 free items matching “bun”')
    await user.click(screen.getByRole('link', { name: 'Next' }))

    await waitFor(() => expect(router.search).toBe('?search=bun&page=2'))
    await waitFor(() => expect(productRequests().at(-1)?.query.get('page')).toBe('1'))
    const last = productRequests().at(-1)
    expect(last?.query.get('query')).toBe('(isFree:"true") AND (bun)')
    expect(last?.query.get('size')).toBe('10')
    expect(screen.getByRole('searchbox', { name: 'Search free items' })).toHaveValue('bun')
  })

  it('moves to the chosen category from the dropdown, keeping the search', async () => {
    const { categoryRequests } = serveCatalogue()
    const { user, router } = renderRoutes('/freebymall?search=bun')
    const select = await screen.findByRole('combobox', { name: 'Category' })
    await waitFor(() => expect(select).toBeEnabled())
    // Only the categories that hold a free item are offered (the site's other menus list every category).
    expect(categoryRequests().map((request) => request.query.get('isFree'))).toContain('true')
    expect(within(select).queryByRole('option', { name: 'Bakery' })).not.toBeInTheDocument()

    await user.selectOptions(select, 'Buns')
    await waitFor(() => expect(router.pathname).toBe('/freebymall/Bakery/Buns'))
    expect(router.search).toBe('?search=bun')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Free items: Bakery > Buns' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Buns')

    // By element: user-event compares option text as HTML, where & is &amp;.
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Category' }),
      screen.getByRole('option', { name: 'Vegetables & Fruits › Fruits' }),
    )
    await waitFor(() => expect(router.pathname).toBe('/freebymall/Fresh/Vegetables%20%26%20Fruits/Fruits'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'All free items')
    await waitFor(() => expect(router.pathname).toBe('/freebymall'))
  })

  it('offers a retry when the products cannot be loaded', async () => {
    serveCatalogue({ status: 503, body: { message: 'Service unavailable' } })
    const { user } = renderRoutes('/freebymall')
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the products.')

    serveCatalogue()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('18 free items')).toBeInTheDocument()
  })
})
