import { describe, expect, it } from 'vitest'
import { MAX_TERM_LENGTH, quoteTerm, searchExpression } from './search'

describe('searchExpression', () => {
  it('joins the given fields in a fixed order and skips blanks', () => {
    expect(searchExpression({ categoryL2: 'Cheese', categoryL1: 'Fresh', categoryL3: ' ' })).toBe(
      '(categoryL1:"Fresh") AND (categoryL2:"Cheese")',
    )
  })

  it('adds a name prefix and free flag', () => {
    expect(searchExpression({ isFree: true, productNamePrefix: 'ched' })).toBe(
      '(isFree:"true") AND (productName:"ched*")',
    )
  })

  it('returns null when nothing is left', () => {
    expect(searchExpression({})).toBeNull()
    expect(searchExpression({ productNamePrefix: '   ' })).toBeNull()
  })

  it('escapes quotes and backslashes inside a phrase', () => {
    expect(quoteTerm('Ben "Big" \\ Co')).toBe('"Ben \\"Big\\" \\\\ Co"')
  })

  it('escapes a star, so that typed text is matched literally', () => {
    expect(quoteTerm('*')).toBe('"\\*"')
    expect(searchExpression({ vendorCity: '*' })).toBe('(vendorCity:"\\*")')
    expect(searchExpression({ productNamePrefix: 'a*b' })).toBe('(productName:"a\\*b*")')
  })

  it('drops the stars a shopper types after a name prefix, and searches nothing for "*" alone', () => {
    expect(searchExpression({ productNamePrefix: 'ched*' })).toBe('(productName:"ched*")')
    expect(searchExpression({ productNamePrefix: 'ched * *' })).toBe('(productName:"ched*")')
    expect(searchExpression({ productNamePrefix: '*' })).toBeNull()
    expect(searchExpression({ productNamePrefix: ' ** ' })).toBeNull()
  })

  it('cuts typed terms to MAX_TERM_LENGTH', () => {
    const long = 'x'.repeat(MAX_TERM_LENGTH + 50)
    expect(searchExpression({ vendorCity: long })).toBe(`(vendorCity:"${'x'.repeat(MAX_TERM_LENGTH)}")`)
    expect(searchExpression({ productNamePrefix: long })).toBe(
      `(productName:"${'x'.repeat(MAX_TERM_LENGTH)}*")`,
    )
  })
})
