import type { LeafData } from './catalogue-types'
import { BAKERY } from './products-bakery'
import { FRESH_COUNTERS } from './products-counters'
import { CUPBOARD } from './products-cupboard'
import { DAIRY } from './products-dairy'
import { DRINKS } from './products-drinks'
import { FROZEN_AND_HOUSEHOLD } from './products-frozen-household'
import { FRESH_PRODUCE } from './products-produce'
import { SPICES_AND_SNACKS } from './products-spices-snacks'

/**
 * Every deepest category node with what it sells, in display order. The category tree is read off
 * these paths, so a node without products cannot exist.
 */
export const LEAVES: readonly LeafData[] = [
  ...FRESH_PRODUCE,
  ...FRESH_COUNTERS,
  ...BAKERY,
  ...DAIRY,
  ...DRINKS,
  ...CUPBOARD,
  ...SPICES_AND_SNACKS,
  ...FROZEN_AND_HOUSEHOLD,
]

/** The second sentence of a product description, by level-1 category; {shop} and {town} are filled in. */
export const STORIES: Readonly<Record<string, readonly string[]>> = {
  Fresh: [
    'Picked out at the market this morning by {shop} in {town}.',
    'From {shop} in {town}, delivered fresh the same day.',
    'Sold by {shop}, {town}, who know their suppliers by name.',
  ],
  Bakery: [
    'Baked before dawn at {shop} in {town}.',
    'Made by hand in small batches at {shop}, {town}.',
    'From the ovens of {shop} in {town}; best within two days.',
  ],
  'Dairy & Eggs': [
    'From family farms, via {shop} in {town}.',
    'Kept chilled at {shop}, {town}, and delivered in a cool bag.',
  ],
  Drinks: ['Chilled and ready at {shop} in {town}.', 'Chosen and stocked by {shop}, {town}.'],
  Pantry: [
    'A store-cupboard staple from {shop} in {town}.',
    'Stocked by {shop}, {town}; keep in a cool, dry place.',
  ],
  Frozen: ['Kept at -18°C by {shop} in {town} and delivered in an insulated bag.'],
  Household: ['From {shop} in {town}, for the everyday jobs around the house.'],
}

/** The free items' second sentence: they are the community larder's giveaways. */
export const FREE_STORY = 'Surplus stock given away free by {shop} in {town}, so that nothing goes to waste.'
