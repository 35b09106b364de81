import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '../../testing/fake-api'
import { expectDocumentTitle, renderRoutes } from '../../testing/render-app'
import { CategoryListPage } from './category-list-page'

const CATEGORIES = 'GET /api/public/categories'

const TREE = [
  {
    categoryName: 'Fresh',
    subCategory: [
      {
        categoryName: 'Vegetables & Fruits',
        subCategory: [
          { categoryName: 'Vegetables', subCategory: [] },
          { categoryName: '  ', subCategory: [] },
        ],
      },
      { categoryName: 'See food and Fish', subCategory: [] },
      { categoryName: '', subCategory: [{ categoryName: 'Orphan', subCategory: [] }] },
    ],
  },
  { categoryName: ' ', subCategory: [{ categoryName: 'Hidden child', subCategory: [] }] },
  { categoryName: 'Drinks', subCategory: [] },
]

function listItemOf(element: HTMLElement): HTMLElement {
  const item = element.closest('li')
  if (!item) throw new Error('The link is not in a list item')
  return item
}

function renderPage() {
  return renderRoutes('/category-list', [{ path: '/category-list', Component: CategoryListPage }])
}

describe('CategoryListPage', () => {
  it('links every level to its listing, with each name encoded', async () => {
    fakeApi({ [CATEGORIES]: { body: TREE } })
    renderPage()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Categories')
    expect(await screen.findByRole('link', { name: 'Fresh' })).toHaveAttribute('href', '/products/Fresh')
    expect(screen.getByRole('link', { name: 'Vegetables & Fruits' })).toHaveAttribute(
      'href',
      '/products/Fresh/Vegetables%20%26%20Fruits',
    )
    expect(screen.getByRole('link', { name: 'Vegetables' })).toHaveAttribute(
      'href',
      '/products/Fresh/Vegetables%20%26%20Fruits/Vegetables',
    )
    expect(screen.getByRole('link', { name: 'See food and Fish' })).toHaveAttribute(
      'href',
      '/products/Fresh/See%20food%20and%20Fish',
    )
    expect(screen.getByRole('link', { name: 'Drinks' })).toHaveAttribute('href', '/products/Drinks')
    await expectDocumentTitle('All categories | Larder')
  })

  it('hides blank names, and everything under them', async () => {
    fakeApi({ [CATEGORIES]: { body: TREE } })
    renderPage()
    await screen.findByRole('link', { name: 'Fresh' })
    const names = screen.getAllByRole('link').map((link) => link.textContent?.trim())
    expect(names).toEqual(['Fresh', 'Vegetables & Fruits', 'Vegetables', 'See food and Fish', 'Drinks'])
    expect(screen.queryByText('Orphan')).not.toBeInTheDocument()
    expect(screen.queryByText('Hidden child')).not.toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Fresh',
      'Drinks',
    ])
  })

  it('nests each level inside its parent', async () => {
    fakeApi({ [CATEGORIES]: { body: TREE } })
    renderPage()
    const fresh = listItemOf(await screen.findByRole('link', { name: 'Fresh' }))
    const level2 = listItemOf(within(fresh).getByRole('link', { name: 'Vegetables & Fruits' }))
    expect(within(level2).getByRole('link', { name: 'Vegetables' })).toBeInTheDocument()
    expect(within(level2).queryByRole('link', { name: 'Drinks' })).not.toBeInTheDocument()
  })

  it('shows a skeleton while loading, then a retry that fetches again after an error', async () => {
    let fail = true
    const { log } = fakeApi({
      [CATEGORIES]: () => (fail ? { status: 503, body: { message: 'Boom' } } : { body: TREE }),
    })
    const { user } = renderPage()
    expect(screen.getByRole('status')).toHaveTextContent('Loading categories…')
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load the categories just now.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Drinks' })).toBeInTheDocument()
    expect(log.map((request) => `${request.method} ${request.path}`)).toEqual([CATEGORIES, CATEGORIES])
  })
})
