import { describe, expect, it } from 'vitest'
import { makeProduct } from '../../testing/test-product'
import { countCartItems } from './cart-count'

const line = (id: number, qty: unknown, stock?: number) => ({ ...makeProduct({ id }), qty, stock })

describe('countCartItems', () => {
  it('sums the quantities of the lines', () => {
    expect(countCartItems(JSON.stringify([line(1, 1), line(2, 4)]))).toBe(5)
  })

  it('is 0 for a missing, empty or corrupt cart', () => {
    expect(countCartItems(null)).toBe(0)
    expect(countCartItems('[]')).toBe(0)
    expect(countCartItems('{not json')).toBe(0)
    expect(countCartItems('{"qty": 3}')).toBe(0)
  })

  it('ignores lines the cart drops: no whole, positive quantity, or not a product', () => {
    const items = [line(1, 2), line(2, 0), line(3, -1), line(4, 1.5), line(5, '3'), null, 'x', { qty: 4 }]
    expect(countCartItems(JSON.stringify(items))).toBe(2)
  })

  it('counts two lines of one product as the cart does, within the stock', () => {
    expect(countCartItems(JSON.stringify([line(1, 2, 4), line(1, 3, 4)]))).toBe(4)
  })
})
