import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '../../testing/fake-api'
import { renderRoutes } from '../../testing/render-app'
import { rootShell } from '../router'
import { Footer } from './footer'

const routes = [{ path: '*', Component: Footer }]
const CATEGORIES = 'GET /api/public/categories'

const categories = [
  { categoryName: 'Fresh', subCategory: [{ categoryName: 'Cheese', subCategory: [] }] },
  { categoryName: '  ', subCategory: [] },
  { categoryName: 'Drinks', subCategory: [] },
]

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
  act(() => {
    window.dispatchEvent(new Event('scroll'))
  })
}

describe('Footer', () => {
  it('links the level-1 categories from the API, hiding blank names', async () => {
    const { log } = fakeApi({ [CATEGORIES]: { body: categories } })
    renderRoutes('/', routes)
    const nav = screen.getByRole('navigation', { name: 'Shop by category' })
    expect(await within(nav).findByRole('link', { name: 'Fresh' })).toHaveAttribute('href', '/products/Fresh')
    expect(within(nav).getByRole('link', { name: 'Drinks' })).toHaveAttribute('href', '/products/Drinks')
    expect(within(nav).getAllByRole('link')).toHaveLength(2)
    expect(log.map((request) => `${request.method} ${request.path}`)).toEqual([CATEGORIES])
  })

  it('says so when the categories cannot be loaded', async () => {
    fakeApi({})
    renderRoutes('/', routes)
    expect(await screen.findByText('Categories are unavailable just now.')).toBeInTheDocument()
  })

  it('has the information links, contact details and opening hours', () => {
    fakeApi({ [CATEGORIES]: { body: [] } })
    renderRoutes('/', routes)
    const info = screen.getByRole('navigation', { name: 'Information' })
    const links = within(info).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About Us', '/aboutus'],
      ['Privacy and Cookie Policy', '/privacy-policy'],
      ['Terms & conditions', '/terms-and-conditions'],
      ['Refund Policy', '/refund-policy'],
    ])
    expect(screen.getByRole('link', { name: 'hello@larder.test' })).toHaveAttribute(
      'href',
      'mailto:hello@larder.test',
    )
    for (const line of ['Mon to Thu 8:30AM to 6:30PM', 'Fri to Sat 8:30AM to 4:30PM', 'Sunday closed']) {
      expect(screen.getByText(line)).toBeInTheDocument()
    }
    expect(screen.getByRole('list', { name: 'Larder on social media' })).toBeInTheDocument()
  })

  it('shows the scroll-to-top button only after scrolling more than 300 px', async () => {
    fakeApi({ [CATEGORIES]: { body: [] } })
    // In the app's layout, whose <main> the keyboard goes back to.
    const { user } = renderRoutes('/', [{ path: '*', Component: () => <h1>A long page</h1> }], rootShell)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument()
    scrollTo(300)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument()
    scrollTo(301)
    await user.click(screen.getByRole('button', { name: 'Scroll to top' }))
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }))
    scrollTo(0)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument()
    // The keyboard carries on from the top of the page's content, not from the button that went.
    expect(screen.getByRole('main')).toHaveFocus()
  })
})
