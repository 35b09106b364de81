import { describe, expect, it } from 'vitest'
import {
  formatPence,
  itemCount,
  lineTotalPence,
  subtotalPence,
  totalPence,
  unitPricePence,
} from './cart-totals'
import { cartLine } from '../../testing/test-cart'

describe('cart totals', () => {
  it('prices a line at the discount price when it is lower, else the sale price, and free items at 0', () => {
    expect(unitPricePence(cartLine({ salePrice: 3.5, discountPrice: 2.99 }))).toBe(299)
    expect(unitPricePence(cartLine({ salePrice: 3.5, discountPrice: 4 }))).toBe(350)
    expect(unitPricePence(cartLine({ salePrice: 3.5, discountPrice: null }))).toBe(350)
    expect(unitPricePence(cartLine({ salePrice: 3.5, isFree: true }))).toBe(0)
    expect(unitPricePence(cartLine({ salePrice: null, isFree: true }))).toBe(0)
  })

  it('multiplies the unit price by the quantity without floating-point drift', () => {
    // 0.1 * 3 in pounds is 0.30000000000000004; in pence it is exactly 30.
    const line = cartLine({ salePrice: 0.1, qty: 3 })
    expect(lineTotalPence(line)).toBe(30)
    expect(formatPence(lineTotalPence(line))).toBe('£0.30')
  })

  it('adds the flat £1.60 delivery to the subtotal and shows two decimals', () => {
    const items = [
      cartLine({ id: 1, salePrice: 2.5, qty: 2 }),
      cartLine({ id: 2, salePrice: 1.99, discountPrice: 1.45, qty: 3 }),
    ]
    expect(subtotalPence(items)).toBe(500 + 435)
    expect(formatPence(subtotalPence(items))).toBe('£9.35')
    expect(formatPence(totalPence(items))).toBe('£10.95')
    expect(itemCount(items)).toBe(5)
  })

  it('charges only the delivery for an empty cart', () => {
    expect(formatPence(totalPence([]))).toBe('£1.60')
  })
})
