import type { Product } from '@larder/shared'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '../../../testing/fake-api'
import { makeProduct } from '../../../testing/test-product'
import { getProducts, productFilterExpression } from './get-products'

/** Both listing endpoints answer the same page, so that each test checks which one was asked. */
function serve(products: Product[], total: number) {
  const reply = { body: products, headers: { 'X-Total-Count': String(total) } }
  return fakeApi({
    'GET /api/public/products': reply,
    'GET /api/public/_search/products': reply,
  })
}

describe('getProducts', () => {
  it('uses the plain list, newest first, when nothing is filtered', async () => {
    const { log } = serve([makeProduct()], 360)
    const page = await getProducts({ free: 'all', search: '  ' }, 2, 20)
    expect(log.map((request) => request.path)).toEqual(['/api/public/products'])
    const query = log[0]?.query
    expect(query?.get('page')).toBe('2')
    expect(query?.get('size')).toBe('20')
    expect(query?.getAll('sort')[0]).toBe('dateCreated,desc')
    expect(query?.has('query')).toBe(false)
    expect(page.total).toBe(360)
  })

  it('uses the search endpoint with an expression for any filter', async () => {
    const { log } = serve([], 0)
    await getProducts({ l1: 'Fresh', l2: 'Vegetables & Fruits', free: 'free' }, 0, 20)
    expect(log.map((request) => request.path)).toEqual(['/api/public/_search/products'])
    expect(log[0]?.query.get('query')).toBe(
      '(categoryL1:"Fresh") AND (categoryL2:"Vegetables & Fruits") AND (isFree:"true")',
    )
  })

  it('builds vendor, paid, status and free-text clauses', () => {
    expect(
      productFilterExpression({ vendorId: 'user-3', free: 'paid', status: 'RATED', search: 'ched' }),
    ).toBe('(vendorID:"user-3") AND (isFree:"false") AND (status:"RATED") AND (ched)')
  })

  it('leaves out the excluded product and counts it out of the total', async () => {
    serve([makeProduct({ id: 1 }), makeProduct({ id: 2 })], 12)
    const page = await getProducts({ l1: 'Bakery', excludeId: 1 }, 0, 10)
    expect(page.products.map((product) => product.id)).toEqual([2])
    expect(page.total).toBe(11)
  })
})
