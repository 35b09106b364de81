import { describe, expect, it } from 'vitest'
import { availabilityText, stockText } from './stock-text'

describe('stockText', () => {
  it("says 'N products left in stock!', in the singular for one (decision 0020)", () => {
    expect(stockText(7)).toBe('7 products left in stock!')
    expect(stockText(1)).toBe('1 product left in stock!')
    expect(stockText(0)).toBe('0 products left in stock!')
    expect(stockText(-2)).toBe('0 products left in stock!')
  })

  it("says 'In-Stock' while any is left, 'Out of Stock' at 0", () => {
    expect(availabilityText(1)).toBe('In-Stock')
    expect(availabilityText(0)).toBe('Out of Stock')
  })
})
