import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { IconifyJSON } from '@iconify-json/fluent-emoji-flat'
import { describe, expect, it } from 'vitest'
import { DELIVERY_TOWNS } from '@larder/shared'
import { hasIcon } from '../../modules/media/tile-svg'
import { UK_ALLERGENS } from './catalogue-types'
import {
  CATALOGUE_LINES,
  DEFAULT_PRODUCT_COUNT,
  FREE_VENDOR_ID,
  generateCatalogue,
  generateProduct,
} from './generate'

const catalogue = generateCatalogue()
const { vendors, categories, products } = catalogue

/**
 * The six home tiles' targets (Fresh › Vegetables, Fruits, See food and Fish, Meat Chicken, Cheese, and
 * Drinks): each must fill a row of ten.
 */
const HOME_TILE_TARGETS = [
  'Fresh > Vegetables & Fruits > Vegetables',
  'Fresh > Vegetables & Fruits > Fruits',
  'Fresh > See food and Fish',
  'Fresh > Meat Chicken',
  'Drinks',
  'Fresh > Cheese',
]

const inCategory = (key: string) =>
  products.filter((product) => product.categoryKey === key || product.categoryKey.startsWith(`${key} > `))

const iconSet = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
) as IconifyJSON

describe('the demo catalogue', () => {
  it('is the same on every run', () => {
    expect(generateCatalogue()).toEqual(catalogue)
  })

  it('gives product i the same content whatever the catalogue size', () => {
    expect(generateCatalogue(20).products).toEqual(products.slice(0, 20))
    expect(generateProduct(DEFAULT_PRODUCT_COUNT - 1)).toEqual(products.at(-1))
  })

  it('has 15 vendor shops, one in each delivery town, as user-1 … user-15', () => {
    expect(vendors).toHaveLength(15)
    expect(new Set(vendors.map((v) => v.shop.city))).toEqual(new Set(DELIVERY_TOWNS.map((t) => t.city)))
    expect(vendors.map((v) => v.user.id)).toEqual(Array.from({ length: 15 }, (_, i) => `user-${i + 1}`))
    for (const { user, shop } of vendors) {
      expect(user.roles).toEqual(['ROLE_VENDOR'])
      expect(user.email).toMatch(/^vendor\d+@larder\.test$/)
      expect(shop.companyAddress).toMatch(/^\d+ .+, .+ [A-Z]{1,2}\d{1,2} \d[A-Z]{2}$/)
      expect(shop.companyAddress).toContain(shop.city)
      expect(shop.companyPhone).toMatch(/^020 \d{4} \d{4}$/)
      expect(shop.description.length).toBeGreaterThan(40)
      expect(shop.shopImage).toMatch(/^\/media\/shop\/[a-z-]+\/[0-9a-f]{6}\.svg$/)
    }
    expect(new Set(vendors.map((v) => v.shop.companyName)).size).toBe(15)
  })

  it('has the category tree the home tiles link to, every leaf with products', () => {
    const keys = categories.map((c) => c.key)
    for (const target of HOME_TILE_TARGETS) expect(keys).toContain(target)
    for (const key of ['Bakery > Bread', 'Bakery > Cakes', 'Bakery > Buns', 'Bakery > Pastries']) {
      expect(keys).toContain(key)
    }
    const parents = new Set(categories.map((c) => c.parentKey))
    const leaves = categories.filter((c) => !parents.has(c.key))
    for (const leaf of leaves) expect(inCategory(leaf.key).length, leaf.key).toBeGreaterThan(0)
    // A product sits on the deepest node of its branch, never on a node with children.
    for (const product of products) expect(parents.has(product.categoryKey)).toBe(false)
    for (const target of HOME_TILE_TARGETS)
      expect(inCategory(target).length, target).toBeGreaterThanOrEqual(10)
  })

  it('numbers sibling categories from 0 and lists parents first', () => {
    const seen = new Set<string>()
    for (const category of categories) {
      if (category.parentKey !== null) expect(seen.has(category.parentKey)).toBe(true)
      seen.add(category.key)
    }
    const siblings = new Map<string | null, number[]>()
    for (const { parentKey, position } of categories)
      siblings.set(parentKey, [...(siblings.get(parentKey) ?? []), position])
    for (const positions of siblings.values()) expect(positions).toEqual(positions.map((_, i) => i))
  })

  it('has 300+ products with unique, believable names', () => {
    expect(products.length).toBeGreaterThanOrEqual(300)
    expect(CATALOGUE_LINES).toBeGreaterThanOrEqual(250)
    expect(new Set(products.map((p) => p.productName)).size).toBe(products.length)
    for (const product of products) {
      expect(product.productName).toMatch(/^[A-Z][\p{L}\d '&%(),.-]+[\p{L}\d)%]$/u)
      expect(product.productDescription.length).toBeGreaterThan(30)
    }
    expect(products.some((p) => p.productName.includes('Cheddar'))).toBe(true)
  })

  it('gives the free items to user-1, with no price or £0.00', () => {
    const free = products.filter((p) => p.isFree)
    expect(free.length).toBeGreaterThanOrEqual(products.length * 0.04)
    for (const product of free) {
      expect(product.vendorId).toBe(FREE_VENDOR_ID)
      expect([null, 0]).toContain(product.salePricePence)
      expect(product.discountPricePence).toBeNull()
    }
    expect(new Set(free.map((p) => p.salePricePence))).toEqual(new Set([null, 0]))
  })

  it('prices in whole pence, with discounts below the sale price', () => {
    const paid = products.filter((p) => !p.isFree)
    for (const product of paid) {
      expect(Number.isInteger(product.salePricePence)).toBe(true)
      expect(product.salePricePence).toBeGreaterThan(0)
    }
    const discounted = products.filter((p) => p.discountPricePence !== null)
    expect(discounted.length).toBeGreaterThanOrEqual(products.length * 0.15)
    for (const product of discounted) {
      expect(product.discountPricePence).toBeGreaterThan(0)
      expect(product.discountPricePence).toBeLessThan(product.salePricePence ?? 0)
    }
  })

  it('has best-rated and out-of-stock products, and stock up to 120', () => {
    expect(products.filter((p) => p.status === 'RATED').length).toBeGreaterThanOrEqual(20)
    expect(products.filter((p) => p.qty === 0).length).toBeGreaterThan(0)
    for (const product of products) {
      expect(Number.isInteger(product.qty)).toBe(true)
      expect(product.qty).toBeGreaterThanOrEqual(0)
      expect(product.qty).toBeLessThanOrEqual(120)
    }
  })

  it('names only the fourteen UK allergens, and leaves some ingredients and allergens empty', () => {
    for (const { productAllergens } of products) {
      if (productAllergens === '') continue
      const names = productAllergens.replace(/ \([^)]*\)/g, '').split(', ')
      for (const name of names) expect(UK_ALLERGENS, productAllergens).toContain(name)
    }
    expect(products.some((p) => p.productAllergens === '')).toBe(true)
    expect(products.some((p) => p.productIngredients === '')).toBe(true)
    expect(products.some((p) => p.productIngredients !== '' && p.productAllergens !== '')).toBe(true)
  })

  it('pictures every product and shop with icons that exist in the icon set', () => {
    const urls = [...products.flatMap((p) => p.images), ...vendors.map((v) => v.shop.shopImage)]
    for (const product of products) expect(product.images.length).toBeGreaterThan(0)
    for (const url of urls) {
      const match = /^\/media\/(food|shop)\/([a-z0-9-]+)\/([0-9a-f]{6})\.svg$/.exec(url)
      expect(match, url).not.toBeNull()
      expect(hasIcon(iconSet, match?.[2] ?? ''), url).toBe(true)
    }
  })

  it('dates products a minute apart from a fixed instant, newest first', () => {
    expect(products[0]?.dateCreated.toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(products[1]?.dateCreated.toISOString()).toBe('2025-12-31T23:59:00.000Z')
  })

  it('keeps names unique for the first thousand products and varied after', () => {
    const names = Array.from({ length: 2000 }, (_, i) => generateProduct(i).productName)
    expect(new Set(names.slice(0, 1000)).size).toBe(1000)
    expect(new Set(names).size).toBeGreaterThan(1800)
  })
})
