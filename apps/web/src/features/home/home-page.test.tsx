import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, type FakeReply, type FakeRoute, type SentRequest } from '../../testing/fake-api'
import { installFakeIntersectionObserver, scrollIntoView } from '../../testing/fake-intersection-observer'
import { expectDocumentTitle, renderRoutes } from '../../testing/render-app'
import { makeProduct } from '../../testing/test-product'

const CATEGORIES = 'GET /api/public/categories'
const SEARCH = 'GET /api/public/_search/products'

const AISLES = [
  { categoryName: 'Fresh', subCategory: [] },
  { categoryName: 'Bakery', subCategory: [] },
  { categoryName: '  ', subCategory: [] },
]

/** The search answers one product, named after the filter it was asked for. */
function search({ query }: SentRequest): FakeReply {
  const filter = query.get('query') ?? ''
  const name = filter.includes('RATED') ? 'Rated cheddar' : `Row item ${filter}`
  return { body: [makeProduct({ productName: name })], headers: { 'X-Total-Count': '1' } }
}

/** The catalogue the home page reads; a test replaces a route to hold back or fail an answer. */
function serveCatalogue(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({ [CATEGORIES]: { body: AISLES }, [SEARCH]: search, ...routes })
}

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
    const { sent } = serveCatalogue()
    await renderHome()
    const section = await screen.findByRole('region', { name: 'Best Rated Products' })
    expect(await within(section).findByRole('link', { name: 'Rated cheddar' })).toBeInTheDocument()
    const rated = sent(SEARCH)
      .map((request) => request.query)
      .filter((query) => query.get('query') === '(status:"RATED")')
    expect(rated).toHaveLength(1)
    expect(rated[0]?.get('page')).toBe('0')
    expect(rated[0]?.get('size')).toBe('20')
  })

  it('loads the best-rated pictures lazily: the section is below the fold on every screen', async () => {
    serveCatalogue()
    await renderHome()
    const section = await screen.findByRole('region', { name: 'Best Rated Products' })
    await within(section).findByRole('link', { name: 'Rated cheddar' })
    const pictures = [...section.querySelectorAll('img')]
    expect(pictures).not.toHaveLength(0)
    for (const picture of pictures) expect(picture).toHaveAttribute('loading', 'lazy')
  })

  it('loads a row of 10 products per named category only as each row scrolls into view', async () => {
    const { sent } = serveCatalogue()
    await renderHome()
    const fresh = await screen.findByRole('region', { name: 'Fresh' })
    const bakery = screen.getByRole('region', { name: 'Bakery' })
    const rowQueries = () =>
      sent(SEARCH)
        .map((request) => request.query)
        .filter((query) => query.get('query')?.startsWith('(categoryL1:'))
        .map((query) => [query.get('query'), query.get('page'), query.get('size')])

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
    // Categories with a blank name are hidden.
    expect(
      screen.getAllByRole('link', { name: /^See all/ }).map((link) => link.getAttribute('href')),
    ).toEqual(['/products/Fresh', '/products/Bakery'])
  })

  it('keeps a row still until it is scrolled to, and busy only while its products load', async () => {
    let answerFresh: (() => void) | undefined
    const gate = new Promise<void>((resolve) => (answerFresh = resolve))
    serveCatalogue({
      [SEARCH]: async (request) => {
        if (request.query.get('query')?.includes('categoryL1')) await gate
        return search(request)
      },
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
    serveCatalogue({
      [SEARCH]: (request) =>
        failing && request.query.get('query') === '(categoryL1:"Fresh")'
          ? { status: 500, body: { message: 'Internal Server Error' } }
          : search(request),
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
    serveCatalogue({
      [CATEGORIES]: () => (failing ? { status: 503, body: { message: 'Down' } } : { body: AISLES }),
    })
    const { user } = await renderHome()
    expect(await screen.findByText('We could not load the aisles.')).toBeVisible()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: 'Bakery' })).toBeInTheDocument()
  })

  it("sends Contact Us to the shop's chat group when the server names one", async () => {
    const invite = 'https://chat.whatsapp.com/LarderNW10Shoppers'
    serveCatalogue({
      'GET /api/public/config': { body: { googleClientId: null, appCheck: 'off', chatGroupUrl: invite } },
    })
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
    serveCatalogue()
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
    serveCatalogue()
    await renderHome()
    const hero = await screen.findByRole('region', { name: 'This week at Larder' })
    expect(
      within(hero).getByRole('heading', { name: 'Fruit and veg from your local greengrocer' }),
    ).toBeVisible()
    await waitFor(() => expect(screen.getAllByTestId('hero-slide')).toHaveLength(3))
  })
})
