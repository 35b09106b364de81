import type { DeliveryTown } from '@larder/shared'

/** The fourteen allergens UK food law requires a label to name: the back office's list, one list. */
export { UK_ALLERGENS } from '@larder/shared'

export type ShopKind =
  | 'larder'
  | 'greengrocer'
  | 'butcher'
  | 'bakery'
  | 'cheesemonger'
  | 'fishmonger'
  | 'deli'
  | 'off-licence'
  | 'farm-shop'
  | 'patisserie'
  | 'dairy'
  | 'wholefoods'
  | 'spice-bazaar'
  | 'tea-merchant'
  | 'convenience'

export interface ShopData {
  kind: ShopKind
  companyName: string
  town: DeliveryTown
  street: string
  postcode: string
  phone: string
  description: string
  /** An icon of the fluent-emoji-flat set and a tile colour (six hex digits) for the shop's picture. */
  icon: string
  tile: string
  owner: readonly [firstName: string, lastName: string]
}

/** A catalogue line before it is given a shop, a variant, a price and stock. */
export interface ItemData {
  name: string
  icon: string
  /** A typical shelf price in pence for the plain variant. */
  pence: number
  /** One sentence about the item; the generator adds a second about the shop. */
  about: string
  ingredients?: string
  /** Comma-separated names from UK_ALLERGENS, with the particular cereal or nut in brackets. */
  allergens?: string
  /** Narrower than the leaf's sellers when only some shops would stock it. */
  sellers?: readonly ShopKind[]
}

/** A qualifier that makes a new product out of an item, and what it does to the price. */
export type Variant = readonly [label: string, priceFactor: number]

/** A deepest category node and everything sold in it. */
export interface LeafData {
  path: readonly [string, string] | readonly [string, string, string]
  /** The tile colour behind this leaf's pictures. */
  tile: string
  sellers: readonly ShopKind[]
  /** Put before the name ("Organic Carrots"). */
  prefixes: readonly Variant[]
  /** Put after the name in brackets ("Carrots (Family Pack)"). */
  suffixes: readonly Variant[]
  items: readonly ItemData[]
}
