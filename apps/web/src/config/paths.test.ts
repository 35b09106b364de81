import { describe, expect, it } from 'vitest'
import { paths } from './paths'

describe('paths', () => {
  it('encodes every category level, so names with spaces and & survive', () => {
    expect(paths.productCategory.getHref('Fresh', 'Vegetables & Fruits', 'Vegetables')).toBe(
      '/products/Fresh/Vegetables%20%26%20Fruits/Vegetables',
    )
    expect(paths.mallCategory.getHref('Bakery', 'Bread')).toBe('/freebymall/Bakery/Bread')
  })

  it('builds search, detail and reset links', () => {
    expect(paths.products.getHref('  red apples ')).toBe('/products?search=red%20apples')
    expect(paths.products.getHref('   ')).toBe('/products')
    expect(paths.productDetail.getHref(42)).toBe('/product-detail/42')
    expect(paths.resetPassword.getHref('a+b/c')).toBe('/reset-password?key=a%2Bb%2Fc')
  })
})
