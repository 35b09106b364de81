import { describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../test-product'
import { getProducts, productFilterExpression } from './get-products'

function respondWith(products: unknown[], total: number) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify(products), {
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
      }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return () => new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost')
}

describe('getProducts', () => {
  it('uses the plain list, newest first, when nothing is filtered', async () => {
    const sent = respondWith([makeProduct()], 360)
    const page = await getProducts({ free: 'all', search: '  ' }, 2, 20)
    expect(sent().pathname).toBe('/api/public/products')
    expect(sent().searchParams.get('page')).toBe('2')
    expect(sent().searchParams.get('size')).toBe('20')
    expect(sent().searchParams.getAll('sort')[0]).toBe('dateCreated,desc')
    expect(sent().searchParams.has('query')).toBe(false)
    expect(page.total).toBe(360)
  })

  it('uses the search endpoint with an expression for any filter', async () => {
    const sent = respondWith([], 0)
    await getProducts({ l1: 'Fresh', l2: 'Vegetables & Fruits', free: 'free' }, 0, 20)
    expect(sent().pathname).toBe('/api/public/_search/products')
    expect(sent().searchParams.get('query')).toBe(
      '(categoryL1:"Fresh") AND (categoryL2:"Vegetables & Fruits") AND (isFree:"true")',
    )
  })

  it('builds vendor, paid, status and name-prefix clauses', () => {
    expect(
      productFilterExpression({ vendorId: 'user-3', free: 'paid', status: 'RATED', search: 'ched' }),
    ).toBe('(vendorID:"user-3") AND (isFree:"false") AND (status:"RATED") AND (productName:"ched*")')
  })

  it('leaves out the excluded product and counts it out of the total', async () => {
    respondWith([makeProduct({ id: 1 }), makeProduct({ id: 2 })], 12)
    const page = await getProducts({ l1: 'Bakery', excludeId: 1 }, 0, 10)
    expect(page.products.map((product) => product.id)).toEqual([2])
    expect(page.total).toBe(11)
  })
})
