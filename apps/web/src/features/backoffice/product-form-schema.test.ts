import { describe, expect, it } from 'vitest'
import { PRODUCT_EDIT_LIMITS, productMessages, UK_ALLERGENS } from '@larder/shared'
import { ProductFormSchema } from './product-form-schema'
import { emptyProductForm, formFieldOf, toProductEdit, type ProductFormValues } from './product-form-values'

const filled = (changes: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm(),
  productName: ' Malted loaf ',
  salePrice: '£3.20',
  discountPrice: '2.80',
  qty: '5',
  categoryId: '12',
  ...changes,
})

const tick = (values: ProductFormValues, name: (typeof UK_ALLERGENS)[number], detail = '') => {
  const index = UK_ALLERGENS.indexOf(name)
  values.allergens[index] = { ticked: true, detail }
  return values
}

const issuesOf = (values: ProductFormValues) => {
  const result = ProductFormSchema.safeParse(values)
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

describe('the product form’s check', () => {
  it('gives the routes’ body: pounds as numbers, text trimmed, the ticked allergens in order', () => {
    const values = tick(tick(filled({ rated: true }), 'Milk'), 'Cereals containing gluten', 'wheat')
    expect(ProductFormSchema.parse(values)).toEqual({
      productName: 'Malted loaf',
      productDescription: '',
      productIngredients: '',
      allergens: [
        { name: 'Cereals containing gluten', detail: 'wheat' },
        { name: 'Milk', detail: '' },
      ],
      salePrice: 3.2,
      discountPrice: 2.8,
      qty: 5,
      isFree: false,
      categoryId: 12,
      status: 'RATED',
    })
  })

  it('refuses with the shared messages, each beside the form field it names', () => {
    expect(issuesOf(filled({ salePrice: '3.20', discountPrice: '3.50' }))).toEqual([
      ['discountPrice', productMessages.discountNotLower],
    ])
    expect(issuesOf(filled({ salePrice: 'two pounds', qty: '-1', categoryId: '' }))).toEqual([
      ['salePrice', productMessages.priceInvalid],
      ['qty', productMessages.stockInvalid],
      ['categoryId', productMessages.categoryRequired],
    ])
    expect(issuesOf(filled({ productName: '  ' }))).toEqual([['productName', productMessages.nameRequired]])
  })

  it('puts an allergen’s detail error on that allergen’s box, not on its place among the ticked ones', () => {
    const values = tick(
      tick(filled(), 'Celery'),
      'Sesame',
      'x'.repeat(PRODUCT_EDIT_LIMITS.allergenDetail + 1),
    )
    const sesame = UK_ALLERGENS.indexOf('Sesame')
    expect(issuesOf(values)).toEqual([
      [`allergens.${sesame}.detail`, productMessages.tooLong(PRODUCT_EDIT_LIMITS.allergenDetail)],
    ])
    // The server's fieldErrors name the body's path (the second ticked allergen): the same field.
    expect(formFieldOf(values, ['allergens', 1, 'detail'])).toBe(`allergens.${sesame}.detail`)
    expect(formFieldOf(values, ['status'])).toBe('rated')
    expect((toProductEdit(values).allergens ?? []).map((entry) => entry.name)).toEqual(['Celery', 'Sesame'])
  })
})
