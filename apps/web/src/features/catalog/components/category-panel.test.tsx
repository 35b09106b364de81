import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '../../../testing/fake-api'
import { renderRoutes } from '../../../testing/render-app'
import { CategoryPanel } from './category-panel'
import { categoryLevels } from '../../../lib/category-path'
import { useParams } from '../../../framework/routing/router'

const TREE = [
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
      {
        categoryName: 'Herbs',
        subCategory: [{ categoryName: 'Basil', subCategory: [] }],
      },
      { categoryName: 'Cheese', subCategory: [] },
    ],
  },
  { categoryName: 'Bakery', subCategory: [{ categoryName: 'Bread', subCategory: [] }] },
  { categoryName: '  ', subCategory: [] },
]

function PanelAtPath() {
  return <CategoryPanel current={categoryLevels(useParams())} />
}

function setup(url = '/products') {
  fakeApi({ 'GET /api/public/categories': { body: TREE } })
  return renderRoutes(url, [
    { path: '/products', Component: PanelAtPath },
    { path: '/products/:l1/:l2?/:l3?', Component: PanelAtPath },
  ])
}

const toggle = (name: string) => screen.getByRole('button', { name: `${name} subcategories` })

describe('CategoryPanel', () => {
  it('lists the named level-1 categories, closed at first', async () => {
    setup()
    const nav = await screen.findByRole('navigation', { name: 'Categories' })
    expect(await within(nav).findByRole('link', { name: 'Fresh' })).toHaveAttribute('href', '/products/Fresh')
    expect(within(nav).getByRole('link', { name: 'Bakery' })).toBeInTheDocument()
    expect(within(nav).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.queryByRole('link', { name: 'Cheese' })).not.toBeInTheDocument()
  })

  it('opens one level-1 category at a time and closes its open sub-levels', async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('button', { name: 'Fresh subcategories' }))
    expect(toggle('Fresh')).toHaveAttribute('aria-expanded', 'true')
    await user.click(toggle('Vegetables & Fruits'))
    expect(screen.getByRole('link', { name: 'Fruits' })).toBeInTheDocument()

    await user.click(toggle('Bakery'))
    expect(toggle('Bakery')).toHaveAttribute('aria-expanded', 'true')
    expect(toggle('Fresh')).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'Cheese' })).not.toBeInTheDocument()

    await user.click(toggle('Fresh'))
    expect(toggle('Vegetables & Fruits')).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'Fruits' })).not.toBeInTheDocument()
  })

  it('toggles sub-levels independently of each other', async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('button', { name: 'Fresh subcategories' }))
    await user.click(toggle('Vegetables & Fruits'))
    await user.click(toggle('Herbs'))
    expect(screen.getByRole('link', { name: 'Fruits' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Basil' })).toBeInTheDocument()
    await user.click(toggle('Vegetables & Fruits'))
    expect(screen.queryByRole('link', { name: 'Fruits' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Basil' })).toBeInTheDocument()
  })

  it('navigates to the matching listing path and highlights it', async () => {
    const { user, router } = setup()
    await user.click(await screen.findByRole('button', { name: 'Fresh subcategories' }))
    await user.click(toggle('Vegetables & Fruits'))
    await user.click(screen.getByRole('link', { name: 'Fruits' }))
    expect(decodeURIComponent(router.pathname)).toBe('/products/Fresh/Vegetables & Fruits/Fruits')
    expect(screen.getByRole('link', { name: 'Fruits' })).toHaveAttribute('aria-current', 'page')
    await user.click(screen.getByRole('link', { name: 'Bakery' }))
    expect(router.pathname).toBe('/products/Bakery')
    expect(screen.getByRole('link', { name: 'Bakery' })).toHaveAttribute('aria-current', 'page')
    expect(toggle('Bakery')).toHaveAttribute('aria-expanded', 'true')
  })

  it('folds the phone panel on Escape and returns focus to its button', async () => {
    const { user } = setup()
    const categories = await screen.findByRole('button', { name: 'Categories' })
    await user.click(categories)
    expect(categories).toHaveAttribute('aria-expanded', 'true')
    await user.click(await screen.findByRole('button', { name: 'Fresh subcategories' }))
    await user.keyboard('{Escape}')
    expect(categories).toHaveAttribute('aria-expanded', 'false')
    expect(categories).toHaveFocus()
  })

  it('opens the branch of the category in the URL', async () => {
    setup('/products/Fresh/Vegetables%20%26%20Fruits/Vegetables')
    expect(await screen.findByRole('link', { name: 'Vegetables' })).toHaveAttribute('aria-current', 'page')
    expect(toggle('Fresh')).toHaveAttribute('aria-expanded', 'true')
  })
})
