import { screen, waitFor } from '@testing-library/react'
import { productMessages, type VendorProduct } from '@larder/shared'
import { describe, expect, it } from 'vitest'
import { fakeApi, type FakeRoute } from '../../../testing/fake-api'
import { renderRoutes } from '../../../testing/render-app'
import { ProductEditScreen } from './product-edit-screen'

const PRODUCT: VendorProduct = {
  id: 5,
  productName: 'Rye loaf',
  productDescription: 'Dark and sour.',
  productIngredients: 'Rye flour, water, salt',
  productAllergens: 'Cereals containing gluten (rye)',
  allergens: [{ name: 'Cereals containing gluten', detail: 'rye' }],
  salePrice: 3.5,
  discountPrice: null,
  qty: 8,
  isFree: false,
  categoryId: 12,
  categoryPath: 'Bakery > Bread',
  status: 'ACTIVE',
  images: [],
  archived: false,
  dateCreated: '2026-11-01T09:00:00.000Z',
}

function serve(save: FakeRoute) {
  return fakeApi({
    'GET /api/vendor/products/5': { body: PRODUCT },
    'GET /api/vendor/categories': {
      body: [
        { id: 11, level: 2, path: 'Bakery > Buns' },
        { id: 12, level: 2, path: 'Bakery > Bread' },
      ],
    },
    'GET /api/vendor/products/5/pictures': { body: { productId: 5, productName: 'Rye loaf', pictures: [] } },
    'PUT /api/vendor/products/5': save,
  })
}

function renderScreen() {
  return renderRoutes('/vendor/products/5', [
    { path: '/vendor/products/5', Component: () => <ProductEditScreen id={5} /> },
  ])
}

describe('the product edit form', { timeout: 30_000 }, () => {
  it('shows the server’s refusals beside their fields and keeps everything typed', async () => {
    const { sent } = serve({
      status: 400,
      body: {
        message: 'Invalid request',
        // The body's second allergen is Milk, the box ticked below.
        fieldErrors: {
          'allergens.1.detail': ['At most 100 characters'],
          qty: [productMessages.stockInvalid],
        },
      },
    })
    const { user } = renderScreen()
    const name = await screen.findByLabelText('Name')
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('12'))
    await user.clear(name)
    await user.type(name, 'Rye loaf, large')
    await user.click(screen.getByRole('checkbox', { name: 'Milk' }))
    await user.type(screen.getByLabelText('Which milk (optional)'), 'butter')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    const milk = screen.getByLabelText('Which milk (optional)')
    await waitFor(() => expect(milk).toHaveAccessibleDescription('At most 100 characters'))
    expect(milk).toHaveAttribute('aria-invalid', 'true')
    expect(milk).toHaveFocus()
    expect(screen.getByLabelText('Stock')).toHaveAccessibleDescription(
      `Items in stock ${productMessages.stockInvalid}`,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked below.')
    expect(name).toHaveValue('Rye loaf, large')
    expect(milk).toHaveValue('butter')
    expect(sent('PUT /api/vendor/products/5')[0]?.body).toMatchObject({
      productName: 'Rye loaf, large',
      allergens: [
        { name: 'Cereals containing gluten', detail: 'rye' },
        { name: 'Milk', detail: 'butter' },
      ],
      salePrice: 3.5,
      qty: 8,
      categoryId: 12,
    })
  })

  it('puts the server’s unknown category beside the category', async () => {
    serve({ status: 400, body: { message: productMessages.categoryUnknown } })
    const { user } = renderScreen()
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('12'))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Category')).toHaveAccessibleDescription(productMessages.categoryUnknown),
    )
  })

  it('sends nothing the shared rules refuse, and shows the pictures of the saved product', async () => {
    const { sent } = serve({ body: PRODUCT })
    const { user } = renderScreen()
    const sale = await screen.findByLabelText('Sale price (£)')
    await user.clear(sale)
    await user.type(sale, '2.505')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(sale).toHaveAccessibleDescription(`In pounds, like 2.50 ${productMessages.priceInvalid}`),
    )
    expect(sale).toHaveFocus()
    expect(sent('PUT /api/vendor/products/5')).toEqual([])
    expect(await screen.findByRole('heading', { level: 3, name: 'Pictures' })).toBeInTheDocument()
    expect(screen.getByLabelText('Add pictures')).toHaveAttribute('type', 'file')
  })
})
