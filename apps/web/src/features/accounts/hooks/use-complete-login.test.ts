import { describe, expect, it } from 'vitest'
import { afterLoginPath } from './use-complete-login'

describe('afterLoginPath', () => {
  it('returns to the back-office page that sent the caller to log in', () => {
    expect(afterLoginPath('?next=%2Fvendor%2Fproducts%3Fpage%3D2')).toBe('/vendor/products?page=2')
    expect(afterLoginPath('?next=/admin')).toBe('/admin')
  })

  it('goes home for anything else, so a link cannot send anyone off the site', () => {
    for (const next of ['//evil.example/vendor', 'https://evil.example', '/vendors', '/account', ''])
      expect(afterLoginPath(`?next=${encodeURIComponent(next)}`)).toBe('/')
    expect(afterLoginPath('')).toBe('/')
  })
})
