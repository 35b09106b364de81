import type { Product } from '@larder/shared'

/** A complete product for component tests; each test overrides only what it is about. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    productName: 'Sourdough loaf',
    productDescription: 'A slow-proved white sourdough.',
    productIngredients: 'Flour, water, salt',
    productAllergens: 'Wheat',
    images: ['/media/food/bread/f4e2c6.svg'],
    salePrice: 3.5,
    discountPrice: null,
    qty: 12,
    isFree: false,
    status: 'ACTIVE',
    categoryL1: 'Bakery',
    categoryL2: 'Bread',
    categoryL3: null,
    vendorID: 'user-2',
    vendorCity: 'Ealing',
    vendorCompanyName: 'Crumb & Co',
    dateCreated: '2025-01-01T10:00:00.000Z',
    stripeProductId: null,
    stripePriceIds: [],
    ...overrides,
  }
}
