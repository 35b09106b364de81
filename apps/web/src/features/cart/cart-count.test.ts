import { describe, expect, it } from 'vitest'
import { countCartItems } from './cart-count'

describe('countCartItems', () => {
  it('sums the quantities of the lines', () => {
    expect(countCartItems(JSON.stringify([{ qty: 1 }, { qty: 4 }]))).toBe(5)
  })

  it('is 0 for a missing, empty or corrupt cart', () => {
    expect(countCartItems(null)).toBe(0)
    expect(countCartItems('[]')).toBe(0)
    expect(countCartItems('{not json')).toBe(0)
    expect(countCartItems('{"qty": 3}')).toBe(0)
  })

  it('ignores lines without a whole, positive quantity', () => {
    const items = [{ qty: 2 }, { qty: 0 }, { qty: -1 }, { qty: 1.5 }, { qty: '3' }, null, 'x', {}]
    expect(countCartItems(JSON.stringify(items))).toBe(2)
  })
})
