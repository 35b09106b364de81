import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeIntersectionObserver, scrollIntoView } from '../../testing/fake-intersection-observer'
import { expectDocumentTitle, renderRoutes } from '../../testing/render-app'
import { makeProduct } from '../catalog/test-product'

const CATEGORIES = [
  { categoryName: 'Fresh', subCategory: [] },
  { categoryName: 'Bakery', subCategory: [] },
  { categoryName: '  ', subCategory: [] },
]

interface Route {
  status?: number
  body: unknown
}

/** A stand-in for the API: answers by path, records every URL asked for. */
function stubApi(route: (url: URL) => Route | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    const answer = route(url) ?? { status: 404, body: { message: `No route for ${url.pathname}` } }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    urls: () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')),
  }
}

function catalogue(url: URL): Route | undefined {
  if (url.pathname === '/api/public/categories') return { body: CATEGORIES }
  if (url.pathname === '/api/public/_search/products') {
    const query = url.searchParams.get('query') ?? ''
    const name = query.includes('RATED') ? 'Rated cheddar' : `Row item ${query}`
    return { body: [makeProduct({ productName: name })] }
  }
  return undefined
}

const searches = (urls: URL[]) => urls.filter((url) => url.pathname === '/api/public/_search/products')

// The first render imports the lazy page module, which can take longer than a query's default second.
async function renderHome() {
  const view = renderRoutes('/')
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })
  return view
}

describe('HomePage', () => {
  beforeEach(() => {
    installFakeIntersectionObserver()
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    )
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('asks for the best-rated products: status RATED, page 0, size 20', async () => {
    const api = stubApi(catalogue)
    await renderHome()
    const section = await screen.findByRole('region', { name: 'Best Rated Products' })
    expect(await within(section).findByRole('link', { name: 'Rated cheddar' })).toBeInTheDocument()
    const rated = searches(api.urls()).filter((url) => url.searchParams.get('query') === '(status:"RATED")')
    expect(rated).toHaveLength(1)
    expect(rated[0]?.searchParams.get('page')).toBe('0')
    expect(rated[0]?.searchParams.get('size')).toBe('20')
  })

  it('loads the best-rated pictures lazily: the section is below the fold on every screen', async () => {
    stubApi(catalogue)
    await renderHome()
    const section = await screen.findByRole('region', { name: 'Best Rated Products' })
    await within(section).findByRole('link', { name: 'Rated cheddar' })
    const pictures = [...section.querySelectorAll('img')]
    expect(pictures).not.toHaveLength(0)
    for (const picture of pictures) expect(picture).toHaveAttribute('loading', 'lazy')
  })

  it('loads a row of 10 products per named category only as each row scrolls into view', async () => {
    const api = stubApi(catalogue)
    await renderHome()
    const fresh = await screen.findByRole('region', { name: 'Fresh' })
    const bakery = screen.getByRole('region', { name: 'Bakery' })
    const rowQueries = () =>
      searches(api.urls())
        .filter((url) => url.searchParams.get('query')?.startsWith('(categoryL1:'))
        .map((url) => [
          url.searchParams.get('query'),
          url.searchParams.get('page'),
          url.searchParams.get('size'),
        ])

    await screen.findByRole('link', { name: 'Rated cheddar' })
    expect(rowQueries()).toEqual([])

    scrollIntoView(fresh)
    expect(await within(fresh).findByRole('link', { name: 'Row item (categoryL1:"Fresh")' })).toBeVisible()
    expect(rowQueries()).toEqual([['(categoryL1:"Fresh")', '0', '10']])

    scrollIntoView(bakery)
    await within(bakery).findByRole('link', { name: 'Row item (categoryL1:"Bakery")' })
    expect(rowQueries()).toEqual([
      ['(categoryL1:"Fresh")', '0', '10'],
      ['(categoryL1:"Bakery")', '0', '10'],
    ])
    // Categories with a blank name are hidden (spec section 5).
    expect(
      screen.getAllByRole('link', { name: /^See all/ }).map((link) => link.getAttribute('href')),
    ).toEqual(['/products/Fresh', '/products/Bakery'])
  })

  it('keeps a row still until it is scrolled to, and busy only while its products load', async () => {
    let answerFresh: (() => void) | undefined
    const gate = new Promise<void>((resolve) => (answerFresh = resolve))
    stubApi(catalogue)
    const answer = vi.mocked(fetch).getMockImplementation()
    if (!answer) throw new Error('stubApi gave fetch no implementation')
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).includes('categoryL1')) await gate
      return answer(input, init)
    })
    await renderHome()
    const fresh = await screen.findByRole('region', { name: 'Fresh' })
    const placeholder = () => within(fresh).getByRole('status').parentElement
    expect(placeholder()).toHaveAttribute('aria-busy', 'false')
    expect(within(fresh).getByRole('status')).toHaveTextContent('Fresh products')

    scrollIntoView(fresh)
    expect(await within(fresh).findByText('Loading Fresh products…')).toBeInTheDocument()
    expect(placeholder()).toHaveAttribute('aria-busy', 'true')

    answerFresh?.()
    expect(await within(fresh).findByRole('link', { name: 'Row item (categoryL1:"Fresh")' })).toBeVisible()
    expect(within(fresh).queryByTestId('row-skeleton')).toBeNull()
  })

  it('shows a retry message when a row fails, and loads it again on request', async () => {
    let failing = true
    stubApi((url) => {
      if (failing && url.searchParams.get('query') === '(categoryL1:"Fresh")') {
        return { status: 500, body: { message: 'Internal Server Error' } }
      }
      return catalogue(url)
    })
    const { user } = await renderHome()
    const fresh = await screen.findByRole('region', { name: 'Fresh' })
    scrollIntoView(fresh)
    const alert = await within(fresh).findByRole('alert')
    expect(alert).toHaveTextContent('We could not load the Fresh products.')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(fresh).findByRole('link', { name: 'Row item (categoryL1:"Fresh")' })).toBeVisible()
  })

  it('shows a retry message when the categories fail', async () => {
    let failing = true
    stubApi((url) =>
      failing && url.pathname === '/api/public/categories'
        ? { status: 503, body: { message: 'Down' } }
        : catalogue(url),
    )
    const { user } = await renderHome()
    expect(await screen.findByText('We could not load the aisles.')).toBeVisible()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: 'Bakery' })).toBeInTheDocument()
  })

  it("sends Contact Us to the shop's chat group when the server names one", async () => {
    const invite = 'https://chat.whatsapp.com/LarderNW10Shoppers'
    stubApi((url) =>
      url.pathname === '/api/public/config'
        ? { body: { googleClientId: null, appCheck: 'off', chatGroupUrl: invite } }
        : catalogue(url),
    )
    await renderHome()
    const help = screen.getByRole('region', { name: 'Need help?' })
    const contact = await within(help).findByRole('link', {
      name: /^Contact Us in the Larder community chat group/,
    })
    expect(contact).toHaveAttribute('href', invite)
    expect(contact).toHaveAttribute('target', '_blank')
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer')
    expect(help).toHaveTextContent('Ask us and other Larder shoppers in our community chat group.')
  })

  it('has the search box, help, benefits and promotion links the spec lists', async () => {
    stubApi(catalogue)
    await renderHome()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fresh groceries')
    await expectDocumentTitle('Larder: fresh groceries in north-west London')
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBeInTheDocument()

    // No chat group set up (the API has no config to give): the contact form takes its place.
    const contact = screen.getByRole('link', { name: 'Contact Us' })
    expect(contact).toHaveAttribute('href', '/contactus')
    expect(contact).not.toHaveAttribute('target')
    const benefits = screen.getByRole('region', { name: 'Why shop with Larder' })
    expect(within(benefits).getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/aboutus')

    const offers = within(screen.getByRole('region', { name: 'Offers' })).getAllByRole('link')
    expect(offers.map((link) => link.getAttribute('href'))).toEqual(['/products', '/products', '/products'])
    expect(screen.getAllByRole('figure')).toHaveLength(2)
  })

  it('keeps the first slide on screen while the carousel code loads, then shows all three', async () => {
    stubApi(catalogue)
    await renderHome()
    const hero = await screen.findByRole('region', { name: 'This week at Larder' })
    expect(
      within(hero).getByRole('heading', { name: 'Fruit and veg from your local greengrocer' }),
    ).toBeVisible()
    await waitFor(() => expect(screen.getAllByTestId('hero-slide')).toHaveLength(3))
  })
})
