/**
 * Static demo content of the bakery template that frames the contact page (template
 * pages are not wired to behaviour). Nothing here comes from the
 * API or reaches an order. The template's figures are kept as it shows them, euros included.
 */

/** The template's menu categories (Bread, Cakes, Bun, Pastries), pointed at our real Bakery listings. */
export const TEMPLATE_MENU_CATEGORIES = [
  { label: 'Bread', l1: 'Bakery', l2: 'Bread' },
  { label: 'Cakes', l1: 'Bakery', l2: 'Cakes' },
  { label: 'Bun', l1: 'Bakery', l2: 'Buns' },
  { label: 'Pastries', l1: 'Bakery', l2: 'Pastries' },
] as const

export const FLAVOURS = ['Sponge', 'Pumpkin', 'Velvet'] as const
export type Flavour = (typeof FLAVOURS)[number]

export interface DemoProduct {
  id: string
  name: string
  priceCents: number
  oldPriceCents: number
  description: string
  images: readonly { src: string; alt: string }[]
}

const picture = (icon: string, tile: string, alt: string) => ({ src: `/media/food/${icon}/${tile}.svg`, alt })

export const DEMO_PRODUCTS: readonly [DemoProduct, ...DemoProduct[]] = [
  {
    id: 'celebration-sponge',
    name: 'Celebration sponge cake',
    priceCents: 4500,
    oldPriceCents: 5200,
    description:
      'Three layers of vanilla sponge with strawberry jam and whipped cream, finished with fresh berries. Serves 12.',
    images: [
      picture('shortcake', 'fadadd', 'Celebration sponge cake, whole'),
      picture('birthday-cake', 'fde8c8', 'Celebration sponge cake with candles'),
      picture('cupcake', 'f4e2c6', 'Matching sponge cupcakes'),
    ],
  },
  {
    id: 'pumpkin-loaf',
    name: 'Spiced pumpkin loaf',
    priceCents: 3200,
    oldPriceCents: 3600,
    description:
      'A moist autumn loaf with roasted pumpkin, cinnamon and nutmeg, topped with toasted pumpkin seeds.',
    images: [
      picture('pie', 'fde8c8', 'Spiced pumpkin loaf'),
      picture('bread', 'f4e2c6', 'Spiced pumpkin loaf, sliced'),
    ],
  },
  {
    id: 'red-velvet',
    name: 'Red velvet layer cake',
    priceCents: 5800,
    oldPriceCents: 6400,
    description: 'Cocoa-red sponge layered with cream cheese frosting and a crumb of velvet cake on top.',
    images: [
      picture('birthday-cake', 'fadadd', 'Red velvet layer cake'),
      picture('cupcake', 'fadadd', 'Red velvet cupcakes'),
      picture('shortcake', 'fde8c8', 'A slice of red velvet cake'),
    ],
  },
]

export interface DemoCartLine {
  id: string
  name: string
  /** The chosen flavour, or the pack size. */
  detail: string
  qty: number
  priceCents: number
  image: string
}

/** The template's filled mini cart: 8 products for a subtotal of €369,00. */
export const DEMO_CART_LINES: readonly DemoCartLine[] = [
  {
    id: 'line-1',
    name: 'Celebration sponge cake',
    detail: 'Flavor: Sponge',
    qty: 2,
    priceCents: 4500,
    image: '/media/food/shortcake/fadadd.svg',
  },
  {
    id: 'line-2',
    name: 'Spiced pumpkin loaf',
    detail: 'Flavor: Pumpkin',
    qty: 2,
    priceCents: 3200,
    image: '/media/food/pie/fde8c8.svg',
  },
  {
    id: 'line-3',
    name: 'Red velvet layer cake',
    detail: 'Flavor: Velvet',
    qty: 3,
    priceCents: 5800,
    image: '/media/food/birthday-cake/fadadd.svg',
  },
  {
    id: 'line-4',
    name: 'Almond croissant box',
    detail: 'Box of 6',
    qty: 1,
    priceCents: 4100,
    image: '/media/food/croissant/f7e4b5.svg',
  },
]

export const DEMO_WISHLIST_COUNT = 5

/** The template writes euros the continental way: €369,00. */
export function formatDemoEuros(cents: number): string {
  return `€${(cents / 100).toFixed(2).replace('.', ',')}`
}

export const cartCount = (lines: readonly DemoCartLine[]) => lines.reduce((sum, line) => sum + line.qty, 0)

export const cartSubtotalCents = (lines: readonly DemoCartLine[]) =>
  lines.reduce((sum, line) => sum + line.qty * line.priceCents, 0)
