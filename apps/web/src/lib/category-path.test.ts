import { describe, expect, it } from 'vitest'
import { categoryHeading, categoryLevels, isShopId } from './category-path'

describe('categoryHeading', () => {
  it("joins the levels with ' > '", () => {
    expect(categoryHeading({ l1: 'Fresh', l2: 'Vegetables & Fruits', l3: 'Vegetables' })).toBe(
      'Fresh > Vegetables & Fruits > Vegetables',
    )
    expect(categoryHeading({ l1: 'Drinks' })).toBe('Drinks')
  })

  it('skips missing and blank levels', () => {
    expect(categoryLevels({ l1: 'Fresh', l2: ' ', l3: undefined })).toEqual(['Fresh'])
    expect(categoryHeading({})).toBe('')
  })
})

describe('isShopId', () => {
  it('recognises vendor ids such as user-3', () => {
    expect(isShopId('user-3')).toBe(true)
    expect(isShopId('user-12')).toBe(true)
    expect(isShopId('Fresh')).toBe(false)
    expect(isShopId('user-')).toBe(false)
    expect(isShopId(undefined)).toBe(false)
  })
})
