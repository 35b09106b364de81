import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../../testing/fake-api'
import { expectDocumentTitle, holdFetch, renderRoutes } from '../../testing/render-app'
import { townSuggestions } from './components/shop-filters'
import { ProductListingPage } from './product-listing-page'
import { makeProduct } from '../../testing/test-product'

const SHOPS = [
  {
    id: 'user-3',
    companyName: 'Harrow Cheese Room',
    city: 'Harrow',
    companyAddress: '1 High St',
    companyPhone: '020 0000 0000',
    description: 'Cheese.',
    shopImage: null,
  },
  {
    id: 'user-10',
    companyName: 'Hayes Bakehouse',
    city: 'Hayes',
    companyAddress: '2 Station Rd',
    companyPhone: '020 0000 0001',
    description: 'Bread.',
    shopImage: null,
  },
]

// The whole page renders here, lazy chunks and all: on a busy machine that takes more than a second.
const SLOW = { timeout: 5000 }

/** Answers like the API, with 100 products in all so that later pages exist. */
function serveCatalogue() {
  const total = { 'X-Total-Count': '100' }
  return fakeApi({
    'GET /api/public/categories': { body: [{ categoryName: 'Fresh', subCategory: [] }] },
    'GET /api/public/users': { body: SHOPS },
    'GET /api/public/products': {
      body: [
        makeProduct({ id: 1, productName: 'Plain list item' }),
        ...[2, 3, 4, 5, 6].map((id) => makeProduct({ id: 100 + id, productName: `Plain list item ${id}` })),
      ],
      headers: total,
    },
    'GET /api/public/_search/products': {
      body: [makeProduct({ id: 2, productName: 'Search item' })],
      headers: total,
    },
  })
}

function setup(url: string) {
  const { log } = serveCatalogue()
  const view = renderRoutes(url, [
    { path: '/products', Component: ProductListingPage },
    { path: '/products/:l1/:l2?/:l3?', Component: ProductListingPage },
  ])
  const productCalls = () => log.filter((request) => request.path.includes('products'))
  return { ...view, productCalls }
}

describe('ProductListingPage', () => {
  it('lists all products newest first from the plain endpoint, with the category carousel', async () => {
    const { productCalls } = setup('/products')
    expect(await screen.findByRole('heading', { level: 1 }, SLOW)).toHaveTextContent('All products')
    expect(await screen.findByRole('link', { name: 'Plain list item' }, SLOW)).toBeInTheDocument()
    expect(productCalls()[0]?.query.get('sort')).toBe('dateCreated,desc')
    expect(await screen.findByRole('heading', { name: 'Browse the aisles' }, SLOW)).toBeInTheDocument()
    // Each aisle's tile shows its picture, as WebP at the sizes the server draws where the browser can.
    const aisles = screen.getByRole('region', { name: 'Browse the aisles' })
    const tile = within(aisles).getByRole('link', { name: 'Fresh' }).querySelector('img')
    expect(tile?.getAttribute('src')).toBe('/media/food/leafy-green/d9f2d0.svg')
    expect(tile?.getAttribute('srcset')).toContain('/media/food/leafy-green/d9f2d0.webp?w=96 96w')
    await expectDocumentTitle('All products | Larder')
  })

  it("loads the first row's pictures at once and the rest as they are scrolled to", async () => {
    setup('/products')
    await screen.findByRole('link', { name: 'Plain list item 6' }, SLOW)
    // The product cards' pictures, not the aisle carousel's.
    const pictures = [...document.querySelectorAll('article img')]
    expect(pictures.map((picture) => picture.getAttribute('loading'))).toEqual([
      ...Array<string>(4).fill('eager'),
      'lazy',
      'lazy',
    ])
  })

  it('shows the decoded category path as the heading, filters by it and hides the carousel', async () => {
    const { productCalls } = setup('/products/Fresh/Vegetables%20%26%20Fruits')
    expect(await screen.findByRole('heading', { level: 1 }, SLOW)).toHaveTextContent(
      'Fresh > Vegetables & Fruits',
    )
    expect(await screen.findByRole('link', { name: 'Search item' }, SLOW)).toBeInTheDocument()
    expect(productCalls()[0]?.query.get('query')).toBe(
      '(categoryL1:"Fresh") AND (categoryL2:"Vegetables & Fruits")',
    )
    expect(screen.queryByRole('heading', { name: 'Browse the aisles' })).not.toBeInTheDocument()
  })

  it("lists a shop's products under the shop's name", async () => {
    const { productCalls } = setup('/products/user-3')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harrow Cheese Room' }, SLOW),
    ).toBeInTheDocument()
    expect(productCalls()[0]?.query.get('query')).toBe('(vendorID:"user-3")')
  })

  it('says a shop id nobody has is not found, and leads to every shop', async () => {
    fakeApi({
      'GET /api/public/categories': { body: [] },
      'GET /api/public/users': { body: SHOPS },
      'GET /api/public/_search/products': { body: [], headers: { 'X-Total-Count': '0' } },
    })
    renderRoutes('/products/user-999', [{ path: '/products/:l1/:l2?/:l3?', Component: ProductListingPage }])
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop not found' }, SLOW)).toBeInTheDocument()
    expect(screen.getByText(/No shop on Larder has the id “user-999”/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all our shops' })).toHaveAttribute('href', '/shops')
  })

  it('lists a shop the shop list does not know yet when it has products', async () => {
    setup('/products/user-77')
    expect(await screen.findByText('Search item', {}, SLOW)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shop user-77')
  })

  it('reads the search, filter and page from the URL', async () => {
    const { productCalls } = setup('/products?search=ched&filter=free&page=3')
    expect(await screen.findByRole('heading', { level: 1 }, SLOW)).toHaveTextContent('Results for “ched”')
    const call = productCalls()[0]
    expect(call?.query.get('query')).toBe('(isFree:"true") AND (ched)')
    // No sort: searched text comes in the server's relevance order.
    expect(call?.query.get('sort')).toBeNull()
    expect(call?.query.get('page')).toBe('2')
    expect(screen.getByRole('button', { name: 'Free' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('ched')
  })

  it('says how the search read a misspelt text', async () => {
    fakeApi({
      'GET /api/public/categories': { body: [{ categoryName: 'Fresh', subCategory: [] }] },
      'GET /api/public/users': { body: SHOPS },
      'GET /api/public/_search/products': {
        body: [makeProduct({ id: 2, productName: 'Whole Milk' })],
        headers: { 'X-Total-Count': '1', 'X-Search-Read-As': 'whole%20milk' },
      },
    })
    renderRoutes('/products?search=whole%20nilk', [{ path: '/products', Component: ProductListingPage }])
    expect(await screen.findByText('Showing results for “whole milk”.', {}, SLOW)).toBeVisible()
  })

  it('says nothing of how it read a text it read as typed', async () => {
    setup('/products?search=ched')
    expect(await screen.findByText('Search item', {}, SLOW)).toBeInTheDocument()
    expect(screen.queryByText(/Showing results for/)).toBeNull()
  })

  it('offers close names, a category and a shop when a search finds nothing', async () => {
    const { log } = fakeApi({
      'GET /api/public/categories': { body: [{ categoryName: 'Fresh', subCategory: [] }] },
      'GET /api/public/users': { body: SHOPS },
      'GET /api/public/_search/products': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /api/public/_search/help': {
        body: {
          didYouMean: ['Mature Cheddar', 'Cheddar Oatcakes'],
          categories: [{ categoryL1: 'Fresh', categoryL2: 'Cheese', categoryL3: null }],
          shops: [{ vendorID: 'user-3', companyName: 'Harrow Cheese Room' }],
        },
      },
    })
    renderRoutes('/products?search=chedderz', [{ path: '/products', Component: ProductListingPage }])
    expect(await screen.findByText('No products match “chedderz”. Try another word.', {}, SLOW)).toBeVisible()
    expect(await screen.findByRole('link', { name: 'Mature Cheddar' }, SLOW)).toHaveAttribute(
      'href',
      '/products?search=Mature%20Cheddar',
    )
    expect(screen.getByRole('link', { name: 'Fresh > Cheese' })).toHaveAttribute(
      'href',
      '/products/Fresh/Cheese',
    )
    expect(screen.getByRole('link', { name: 'Harrow Cheese Room' })).toHaveAttribute(
      'href',
      '/products/user-3',
    )
    expect(log.find((r) => r.path === '/api/public/_search/help')?.query.get('text')).toBe('chedderz')
    // Before the delivery town and the shop filter, which on a phone fill the first screen.
    const town = screen.getByRole('combobox', { name: /delivery town/i })
    const offer = screen.getByRole('link', { name: 'Mature Cheddar' })
    expect(offer.compareDocumentPosition(town) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  /** Types `text` into the full listing's search bar without searching, once the carousel has gone. */
  async function typeOnFullListing(text: string) {
    const view = setup('/products')
    const carousel = () => screen.queryByRole('heading', { name: 'Browse the aisles' })
    expect(await screen.findByRole('heading', { name: 'Browse the aisles' }, SLOW)).toBeInTheDocument()
    const search = screen.getByRole('combobox', { name: 'Search products' })
    await view.user.type(search, text)
    await waitFor(() => expect(carousel()).not.toBeInTheDocument())
    return { ...view, search }
  }

  it('hides the category carousel while there is text in the search bar, and brings it back when cleared', async () => {
    const { user, router, search } = await typeOnFullListing('ched')
    // Typing alone submits nothing: the listing under the suggestions is still the full one.
    expect(router.search).toBe('')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All products')
    await user.clear(search)
    expect(await screen.findByRole('heading', { name: 'Browse the aisles' }, SLOW)).toBeInTheDocument()
    expect(search).toHaveFocus()
  })

  it('starts the search bar again on another listing, so text never searched for does not follow', async () => {
    const { router, search } = await typeOnFullListing('zzz')
    router.navigate('/products/Fresh')
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh' }, SLOW)).toBeInTheDocument()
    expect(search).toHaveValue('')
    router.navigate('/products')
    expect(await screen.findByRole('heading', { name: 'Browse the aisles' }, SLOW)).toBeInTheDocument()
    expect(search).toHaveValue('')
  })

  it('goes back to the default listing when the box of a submitted search is cleared', async () => {
    const { user, router } = setup('/products?search=ched&page=2')
    expect(await screen.findByRole('heading', { level: 1 }, SLOW)).toHaveTextContent('Results for “ched”')
    expect(screen.queryByRole('heading', { name: 'Browse the aisles' })).not.toBeInTheDocument()
    const search = screen.getByRole('combobox', { name: 'Search products' })
    await user.clear(search)
    expect(router.search).toBe('')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All products')
    expect(await screen.findByRole('heading', { name: 'Browse the aisles' }, SLOW)).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Plain list item' }, SLOW)).toBeInTheDocument()
    // Still in the box, so that the next word typed goes there.
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveFocus()
  })

  it('keeps the previous products on screen, marked busy and without a count, until a search answers', async () => {
    const { router } = setup('/products')
    await screen.findByRole('link', { name: 'Plain list item' }, SLOW)
    expect(screen.getByText('1–20 of 100 products')).toBeInTheDocument()
    const release = holdFetch()

    router.navigate('/products?search=ched')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “ched”')
    const grid = screen.getByRole('list', { busy: true })
    expect(within(grid).getByRole('link', { name: 'Plain list item' })).toBeInTheDocument()
    expect(screen.queryByText('1–20 of 100 products')).not.toBeInTheDocument()

    release()
    expect(await screen.findByRole('link', { name: 'Search item' }, SLOW)).toBeInTheDocument()
    expect(screen.queryByRole('list', { busy: true })).not.toBeInTheDocument()
    expect(screen.getByText('1–20 of 100 products')).toBeInTheDocument()
  })

  it('puts the search of a new URL in the box, as after the back button', async () => {
    const { router } = setup('/products?search=ched')
    const search = await screen.findByRole('combobox', { name: 'Search products' }, SLOW)
    expect(search).toHaveValue('ched')
    router.navigate('/products?search=brie')
    expect(search).toHaveValue('brie')
    router.navigate('/products')
    expect(search).toHaveValue('')
    expect(await screen.findByRole('heading', { name: 'Browse the aisles' }, SLOW)).toBeInTheDocument()
  })

  it('shows a way back when the page in the URL is past the end', async () => {
    const { user, router } = setup('/products?page=9')
    await user.click(await screen.findByRole('button', { name: 'Go to the first page' }, SLOW))
    expect(router.search).toBe('')
    expect(await screen.findByRole('link', { name: 'Plain list item' }, SLOW)).toBeInTheDocument()
  })

  it('puts the filter in the URL and starts again from the first page', async () => {
    const { user, router, productCalls } = setup('/products?page=2')
    await screen.findByRole('link', { name: 'Plain list item' }, SLOW)
    await user.click(screen.getByRole('button', { name: 'Non-free' }))
    expect(router.search).toBe('?filter=paid')
    await screen.findByRole('link', { name: 'Search item' }, SLOW)
    expect(productCalls().at(-1)?.query.get('query')).toBe('(isFree:"false")')
    expect(productCalls().at(-1)?.query.get('page')).toBe('0')
  })

  it('filters by the shop’s town once it names a town with a shop, and by the shop’s name', async () => {
    const { user, router, productCalls } = setup('/products?page=2')
    await screen.findByRole('link', { name: 'Plain list item' }, SLOW)
    const filters = screen.getByText('Filter by shop').closest('details')
    expect(filters).not.toHaveAttribute('open')
    await user.click(screen.getByText('Filter by shop'))
    expect(filters).toHaveAttribute('open')
    const town = screen.getByRole('combobox', { name: 'Shop’s town' })
    await user.type(town, 'Har')
    expect(router.search).toBe('?page=2')
    const suggested = () =>
      [...(document.getElementById(town.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map(
        (option) => option.value,
      )
    expect(suggested()).toEqual(['Harrow'])

    await user.type(town, 'row')
    expect(router.search).toBe('?town=Harrow')
    await screen.findByRole('link', { name: 'Search item' }, SLOW)
    expect(productCalls().at(-1)?.query.get('query')).toBe('(vendorCity:"Harrow")')

    // With a town chosen, the shop list offers that town's shops only.
    const shop = screen.getByRole('combobox', { name: 'Shop' })
    const offered = () =>
      within(shop)
        .getAllByRole('option')
        .map((option) => option.textContent)
    expect(offered()).toEqual(['All shops', 'Harrow Cheese Room'])
    await user.selectOptions(shop, 'Harrow Cheese Room')
    expect(new URLSearchParams(router.search).get('shop')).toBe('Harrow Cheese Room')
    await vi.waitFor(() =>
      expect(productCalls().at(-1)?.query.get('query')).toBe(
        '(vendorCity:"Harrow") AND (vendorCompanyName:"Harrow Cheese Room")',
      ),
    )

    // A town that names nothing leaves the chosen one applied, and the note says so.
    await user.type(town, 'x')
    expect(
      screen.getByText('No shop is in a town starting with “Harrowx”. Still showing Harrow.'),
    ).toBeInTheDocument()
    expect(router.search).toBe('?town=Harrow&shop=Harrow+Cheese+Room')

    await user.clear(town)
    expect(router.search).toBe('?shop=Harrow+Cheese+Room')
    expect(offered()).toEqual(['All shops', 'Harrow Cheese Room', 'Hayes Bakehouse'])
    await user.selectOptions(shop, 'Hayes Bakehouse')
    expect(router.search).toBe('?shop=Hayes+Bakehouse')
    await user.type(town, 'Leeds')
    expect(screen.getByText('No shop is in a town starting with “Leeds”.')).toBeInTheDocument()
    expect(router.search).toBe('?shop=Hayes+Bakehouse')
  })

  it('reads the shop filters from the URL', async () => {
    const { productCalls } = setup('/products?town=harrow&shop=Harrow%20Cheese%20Room')
    await screen.findByRole('link', { name: 'Search item' }, SLOW)
    expect(productCalls()[0]?.query.get('query')).toBe(
      '(vendorCity:"harrow") AND (vendorCompanyName:"Harrow Cheese Room")',
    )
    expect(screen.getByText('Filter by shop').closest('details')).toHaveAttribute('open')
    expect(screen.getByText('(2 on)')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Shop’s town' })).toHaveValue('harrow')
    expect(await screen.findByRole('combobox', { name: 'Shop' }, SLOW)).toHaveValue('Harrow Cheese Room')
  })
})

describe('townSuggestions', () => {
  const towns = Array.from({ length: 15 }, (_, index) => `Town ${String(index).padStart(2, '0')}`)

  it('suggests at most ten towns, those starting with what was typed, whatever its case', () => {
    expect(townSuggestions(towns, '')).toHaveLength(10)
    expect(townSuggestions(towns, 'town 1')).toEqual(towns.slice(10))
    expect(townSuggestions(['Harrow', 'Hayes', 'Ealing'], ' h')).toEqual(['Harrow', 'Hayes'])
  })
})
