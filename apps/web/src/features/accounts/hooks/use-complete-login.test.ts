import { describe, expect, it } from 'vitest'
import { afterLoginPath } from './use-complete-login'

describe('afterLoginPath', () => {
  it('returns to the back-office page that sent the caller to log in', () => {
    expect(afterLoginPath('?next=%2Fvendor%2Fproducts%3Fpage%3D2')).toBe('/vendor/products?page=2')
    expect(afterLoginPath('?next=/admin')).toBe('/admin')
  })

  it("returns to the order's confirmation page that asked a logged-out visitor to log in", () => {
    const order = '/order-confirmation/3f0c6a52-1d0e-4a47-9f3c-2b9a8f0e7c11'
    expect(afterLoginPath(`?next=${encodeURIComponent(order)}`)).toBe(order)
  })

  it('goes home for anything else, so a link cannot send anyone off the site', () => {
    for (const next of [
      '//evil.example/vendor',
      'https://evil.example',
      '/vendors',
      '/account',
      '',
      '/order-confirmation/',
      '/order-confirmation/x/../../evil',
      '/order-confirmation//evil.example',
    ])
      expect(afterLoginPath(`?next=${encodeURIComponent(next)}`)).toBe('/')
    expect(afterLoginPath('')).toBe('/')
  })
})
