import { describe, expect, it } from 'vitest'
import { discountPercent, effectivePricePence, formatPounds, penceToPounds, poundsToPence } from './money'

describe('money', () => {
  it('converts between pence and pounds without floating-point drift', () => {
    expect(penceToPounds(250)).toBe(2.5)
    expect(poundsToPence(0.1 + 0.2)).toBe(30)
    expect(poundsToPence(19.99)).toBe(1999)
  })

  it('formats pounds with two decimals', () => {
    expect(formatPounds(2.5)).toBe('£2.50')
    expect(formatPounds(0)).toBe('£0.00')
    expect(formatPounds(1234.5)).toBe('£1,234.50')
    expect(formatPounds(-2)).toBe('-£2.00')
    expect(formatPounds(1_000_000)).toBe('£1,000,000.00')
  })

  it('writes every amount in pence as the en-GB currency format does', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 12_345, 99_999, 100_000, 123_456_789]
    for (let pence = 0; pence < 300_000; pence += 997) amounts.push(pence)
    for (const pence of amounts) {
      for (const pounds of [pence / 100, -pence / 100]) {
        if (pounds === 0 && Object.is(pounds, -0)) continue
        expect(formatPounds(pounds), String(pounds)).toBe(intl.format(pounds))
      }
    }
    // Fractions of a penny round as Intl rounds them.
    for (const pounds of [0.004, 0.005, 1.234, 1.235, 2.675, 19.999, -0.004])
      expect(formatPounds(pounds), String(pounds)).toBe(intl.format(pounds).replace('-£0.00', '£0.00'))
  })

  it('charges the lower discount price, the sale price otherwise, and nothing for free items', () => {
    expect(effectivePricePence({ isFree: false, salePricePence: 300, discountPricePence: 250 })).toBe(250)
    expect(effectivePricePence({ isFree: false, salePricePence: 300, discountPricePence: 350 })).toBe(300)
    expect(effectivePricePence({ isFree: false, salePricePence: 300, discountPricePence: null })).toBe(300)
    expect(effectivePricePence({ isFree: true, salePricePence: 300, discountPricePence: 250 })).toBe(0)
  })

  it('rounds the discount percentage and hides it without both prices', () => {
    expect(discountPercent(3, 2)).toBe(33)
    expect(discountPercent(2.99, 1.99)).toBe(33)
    expect(discountPercent(4, 1)).toBe(75)
    expect(discountPercent(null, 1)).toBeNull()
    expect(discountPercent(3, null)).toBeNull()
  })
})
