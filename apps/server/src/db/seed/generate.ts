import type { ProductStatus } from '@larder/shared'
import { foodImageUrl, shopImageUrl } from '../../modules/media/media-urls'
import { shade } from './pictures'
import { FREE_STORY, LEAVES, STORIES } from './catalogue-data'
import type { ItemData, LeafData, ShopKind, Variant } from './catalogue-types'
import { between, pick, randomFor, type Random } from './prng'
import { SHOPS } from './shops-data'

/** The demo catalogue's size: every catalogue line once, then a first round of variants. */
export const DEFAULT_PRODUCT_COUNT = 360
export const FREE_VENDOR_ID = 'user-1'

const SEED = 20_260_101
/** Product i was created i minutes before this instant, so the newest product is the first (id 1). */
const EPOCH = Date.UTC(2026, 0, 1)
const MINUTE = 60_000

export interface VendorSeed {
  user: {
    id: string
    login: string
    email: string
    firstName: string
    lastName: string
    roles: string[]
    /** Staff of their own shop: a shop's id is its first member's. */
    shopId: string
    createdAt: Date
  }
  shop: {
    userId: string
    companyName: string
    city: string
    companyAddress: string
    companyPhone: string
    description: string
    shopImage: string
  }
}

export interface CategorySeed {
  /** The path joined with ' > ', unique across the tree. */
  key: string
  parentKey: string | null
  name: string
  level: 1 | 2 | 3
  /** Order among its siblings, from 0. */
  position: number
  l1: string
  l2: string | null
  l3: string | null
}

export interface ProductSeed {
  vendorId: string
  categoryKey: string
  productName: string
  productDescription: string
  productIngredients: string
  productAllergens: string
  images: string[]
  salePricePence: number | null
  discountPricePence: number | null
  qty: number
  isFree: boolean
  status: ProductStatus
  dateCreated: Date
}

const vendorIdOf = (shopIndex: number) => `user-${shopIndex + 1}`
const categoryKey = (path: readonly string[]) => path.join(' > ')

export function generateVendors(): VendorSeed[] {
  return SHOPS.map((shop, index) => {
    const id = vendorIdOf(index)
    const [firstName, lastName] = shop.owner
    return {
      user: {
        id,
        login: `vendor${index + 1}`,
        email: `vendor${index + 1}@larder.test`,
        firstName,
        lastName,
        roles: ['ROLE_VENDOR'],
        shopId: id,
        createdAt: new Date(EPOCH - 365 * 24 * 60 * MINUTE),
      },
      shop: {
        userId: id,
        companyName: shop.companyName,
        city: shop.town,
        companyAddress: `${shop.street}, ${shop.town} ${shop.postcode}`,
        companyPhone: shop.phone,
        description: shop.description,
        shopImage: shopImageUrl(shop.icon, shop.tile),
      },
    }
  })
}

/** Every node on the leaves' paths, parents before children, positions in order of first appearance. */
export function generateCategories(): CategorySeed[] {
  const nodes = new Map<string, CategorySeed>()
  const childCount = new Map<string | null, number>()
  for (const { path } of LEAVES) {
    for (let depth = 1; depth <= path.length; depth++) {
      const key = categoryKey(path.slice(0, depth))
      if (nodes.has(key)) continue
      const parentKey = depth === 1 ? null : categoryKey(path.slice(0, depth - 1))
      const position = childCount.get(parentKey) ?? 0
      childCount.set(parentKey, position + 1)
      nodes.set(key, {
        key,
        parentKey,
        name: path[depth - 1] ?? '',
        level: depth as 1 | 2 | 3,
        position,
        l1: path[0],
        l2: depth >= 2 ? path[1] : null,
        l3: depth >= 3 ? (path[2] ?? null) : null,
      })
    }
  }
  return [...nodes.values()].sort((a, b) => a.level - b.level)
}

interface PoolEntry {
  leaf: LeafData
  item: ItemData
  /** Indexes into SHOPS of the shops that would sell this item. */
  shops: number[]
}

/**
 * The shops that sell these kinds, each repeated by rank so that the first kind listed (the
 * specialist: the fishmonger for fish) sells most of the line and the others some of it.
 */
function shopsSelling(kinds: readonly ShopKind[]): number[] {
  return kinds.flatMap((kind, rank) =>
    SHOPS.flatMap((shop, index) =>
      shop.kind === kind ? Array<number>(kinds.length - rank).fill(index) : [],
    ),
  )
}

/**
 * Every catalogue line once, dealt leaf by leaf like cards (first item of each leaf, then the second
 * of each, …), so any run of consecutive products spans the whole tree.
 */
const POOL: readonly PoolEntry[] = (() => {
  const pool: PoolEntry[] = []
  const longest = Math.max(...LEAVES.map((leaf) => leaf.items.length))
  for (let row = 0; row < longest; row++) {
    for (const leaf of LEAVES) {
      const item = leaf.items[row]
      if (item) pool.push({ leaf, item, shops: shopsSelling(item.sellers ?? leaf.sellers) })
    }
  }
  return pool
})()

/** Round 0 is the plain item; later rounds walk through prefix × suffix combinations, then repeat. */
function variantFor(
  leaf: LeafData,
  round: number,
): { prefix: Variant | undefined; suffix: Variant | undefined } {
  const prefixIndex = round % (leaf.prefixes.length + 1)
  const suffixIndex = Math.floor(round / (leaf.prefixes.length + 1)) % (leaf.suffixes.length + 1)
  return {
    prefix: prefixIndex === 0 ? undefined : leaf.prefixes[prefixIndex - 1],
    suffix: suffixIndex === 0 ? undefined : leaf.suffixes[suffixIndex - 1],
  }
}

/** Rounds to what a shelf label would say: 5p steps under a pound, else prices ending in 5 or 9. */
function shelfPrice(pence: number): number {
  const rounded = Math.max(25, Math.round(pence))
  if (rounded < 100) return Math.max(25, Math.round(rounded / 5) * 5)
  const up = Math.ceil(rounded / 5) * 5
  return up % 10 === 0 ? up - 1 : up
}

function discountFor(random: Random, sale: number): number {
  const offered = shelfPrice((sale * (100 - between(random, 10, 35))) / 100)
  return offered < sale ? offered : Math.max(1, sale - 10)
}

const fill = (template: string, shopIndex: number) => {
  const shop = SHOPS[shopIndex]
  return shop ? template.replaceAll('{shop}', shop.companyName).replaceAll('{town}', shop.town) : template
}

/**
 * Product `index` of the catalogue, the same whatever the catalogue's size. The shares the spec and
 * the home page need are dealt by position in each run of twenty: 5% free, 5% out of stock, 20%
 * discounted and 15% best rated; a generator seeded by the index chooses everything else.
 */
export function generateProduct(index: number): ProductSeed {
  const entry = POOL[index % POOL.length]
  if (!entry) throw new Error('the catalogue data has no items')
  const { leaf, item } = entry
  const random = randomFor(SEED, index)
  const slot = index % 20
  const isFree = slot === 7
  const shopIndex = isFree ? 0 : pick(random, entry.shops)
  const { prefix, suffix } = variantFor(leaf, Math.floor(index / POOL.length))

  const jitter = 0.92 + random() * 0.16
  const sale = shelfPrice(item.pence * (prefix?.[1] ?? 1) * (suffix?.[1] ?? 1) * jitter)
  const discounted = !isFree && index % 5 === 1
  const discount = discounted ? discountFor(random, sale) : null
  const qty = slot === 13 ? 0 : isFree ? between(random, 1, 24) : between(random, 1, 120)
  const story = isFree ? FREE_STORY : pick(random, STORIES[leaf.path[0]] ?? ['From {shop} in {town}.'])
  const picture = foodImageUrl(item.icon, leaf.tile)

  return {
    vendorId: vendorIdOf(shopIndex),
    categoryKey: categoryKey(leaf.path),
    productName: [prefix?.[0], item.name].filter(Boolean).join(' ') + (suffix ? ` (${suffix[0]})` : ''),
    productDescription: `${item.about} ${fill(story, shopIndex)}`,
    productIngredients: item.ingredients ?? '',
    productAllergens: item.allergens ?? '',
    images: index % 3 === 0 ? [picture, foodImageUrl(item.icon, shade(leaf.tile))] : [picture],
    // Free items come both ways the spec allows: no sale price at all, and a price of £0.00.
    salePricePence: isFree ? (Math.floor(index / 20) % 2 === 0 ? null : 0) : sale,
    discountPricePence: discount,
    qty,
    isFree,
    status: slot === 3 || slot === 9 || slot === 16 ? 'RATED' : 'ACTIVE',
    dateCreated: new Date(EPOCH - index * MINUTE),
  }
}

export interface Catalogue {
  vendors: VendorSeed[]
  categories: CategorySeed[]
  products: ProductSeed[]
}

/** The whole catalogue in memory; the seed streams products instead, in batches. */
export function generateCatalogue(products = DEFAULT_PRODUCT_COUNT): Catalogue {
  return {
    vendors: generateVendors(),
    categories: generateCategories(),
    products: Array.from({ length: products }, (_, index) => generateProduct(index)),
  }
}

/** How many distinct catalogue lines there are before names start taking variants. */
export const CATALOGUE_LINES = POOL.length
