/**
 * A picture per level-1 category for the category tiles: an icon from the API's food illustrations on the
 * tile colour the demo seed uses for that aisle. Unknown categories (a shop's new aisle) get a basket.
 */
const PICTURES: Readonly<Record<string, readonly [icon: string, tile: string]>> = {
  Fresh: ['leafy-green', 'd9f2d0'],
  Bakery: ['bread', 'f4e2c6'],
  'Dairy & Eggs': ['glass-of-milk', 'e6f0fa'],
  Drinks: ['tropical-drink', 'ffe9b8'],
  Pantry: ['canned-food', 'f3ead2'],
  Frozen: ['ice-cream', 'dbeef5'],
  Household: ['sponge', 'e3eef0'],
}

const FALLBACK = ['basket', 'f0f8f2'] as const

export function categoryPicture(name: string): string {
  const [icon, tile] = PICTURES[name] ?? FALLBACK
  return `/media/food/${icon}/${tile}.svg`
}
