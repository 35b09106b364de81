import { describe, expect, it } from 'vitest'
import { productPicturesHref, sectionFor, sectionHref, vendorSections } from './navigation'

describe('sectionFor', () => {
  it('opens the screens below the products path by their whole path', () => {
    expect(sectionFor('vendor', '/vendor/products/import')?.label).toBe('Import and export')
    expect(sectionFor('vendor', '/vendor/products/42/pictures')?.label).toBe('Pictures')
    expect(sectionFor('vendor', productPicturesHref(7))?.label).toBe('Pictures')
  })

  it('leaves other paths under products to the products section (the table and the form)', () => {
    expect(sectionFor('vendor', '/vendor/products/42')?.label).toBe('Products')
    expect(sectionFor('vendor', '/vendor/products/new')?.label).toBe('Products')
  })

  it('still opens sections by their first segment', () => {
    expect(sectionFor('vendor', '/vendor/team')?.label).toBe('Team')
    expect(sectionFor('vendor', '/vendor')?.label).toBe('Today')
  })

  it('links the import screen from the menu and keeps the pictures screen out of it', () => {
    const menu = vendorSections
      .filter((section) => !section.hidden)
      .map((section) => sectionHref('vendor', section))
    expect(menu).toContain('/vendor/products/import')
    expect(menu.some((href) => href.includes(':id'))).toBe(false)
  })
})
