import { describe, expect, it } from 'vitest'
import { cardHeightValue } from './card-height-value'

describe('cardHeightValue', () => {
  it('rounds a height up to a thousandth, which six significant digits keep', () => {
    expect(cardHeightValue(338.15625)).toBe('338.157px')
    expect(cardHeightValue(356.90625)).toBe('356.907px')
  })

  it('keeps a height that is already a whole thousandth', () => {
    expect(cardHeightValue(352)).toBe('352px')
    expect(cardHeightValue(338.125)).toBe('338.125px')
  })

  it('comes back as the same 64th of a pixel for every card height under 1 000 px', () => {
    // Layout floors the property's value to a 64th of a pixel.
    const floor64 = (value: string) => Math.floor(parseFloat(value) * 64) / 64
    for (let sixtyFourths = 64; sixtyFourths < 64_000; sixtyFourths++) {
      const height = sixtyFourths / 64
      const value = cardHeightValue(height)
      expect(value.replace(/px$/, '').replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(6)
      if (floor64(value) !== height) expect.fail(`${height} px written as ${value}`)
    }
  })
})
