import { describe, expect, it } from 'vitest'
import { quoteTerm, searchExpression } from './search'

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
})
