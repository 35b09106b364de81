import type { LeafData } from './catalogue-types'

/** Frozen and Household: the larder and the corner shop's everyday lines. */
export const FROZEN_AND_HOUSEHOLD: readonly LeafData[] = [
  {
    path: ['Frozen', 'Frozen Vegetables'],
    tile: 'dbeef5',
    sellers: ['convenience', 'larder'],
    prefixes: [
      ['Organic', 1.3],
      ['Select', 1.15],
    ],
    suffixes: [['Large Bag', 1.8]],
    items: [
      {
        name: 'Frozen Garden Peas',
        icon: 'pea-pod',
        pence: 150,
        about: 'Frozen within hours of picking, so they stay sweet.',
      },
      {
        name: 'Frozen Sweetcorn',
        icon: 'ear-of-corn',
        pence: 140,
        about: 'Golden kernels for soups, salads and fritters.',
      },
      {
        name: 'Chunky Oven Chips',
        icon: 'french-fries',
        pence: 225,
        about: 'Thick-cut Maris Pipers, crisp from the oven in 25 minutes.',
        ingredients: 'Potatoes (95%), sunflower oil',
      },
      {
        name: 'Frozen Chopped Spinach',
        icon: 'leafy-green',
        pence: 125,
        about: 'Handy portions to stir into curries and pies.',
      },
      {
        name: 'Frozen Mixed Vegetables',
        icon: 'broccoli',
        pence: 135,
        about: 'Carrots, peas, green beans and sweetcorn, ready in four minutes.',
      },
      {
        name: 'Frozen Summer Berries',
        icon: 'strawberry',
        pence: 275,
        about: 'Raspberries, blackberries and redcurrants for smoothies and crumbles.',
      },
    ],
  },
  {
    path: ['Frozen', 'Ice Cream'],
    tile: 'f9dff0',
    sellers: ['dairy', 'convenience'],
    prefixes: [
      ['Luxury', 1.4],
      ['Farmhouse', 1.2],
    ],
    suffixes: [
      ['1 Litre Tub', 1.6],
      ['Mini Tubs', 1.2],
    ],
    items: [
      {
        name: 'Vanilla Ice Cream',
        icon: 'ice-cream',
        pence: 395,
        about: 'Churned with Madagascan vanilla and fresh cream.',
        ingredients: 'Whole milk, double cream (milk), sugar, egg yolk, vanilla',
        allergens: 'Eggs, Milk',
      },
      {
        name: 'Strawberry Ice Cream',
        icon: 'ice-cream',
        pence: 395,
        about: 'Rippled with British strawberry sauce.',
        ingredients: 'Whole milk, double cream (milk), sugar, strawberries (12%), egg yolk',
        allergens: 'Eggs, Milk',
      },
      {
        name: 'Mint Choc Chip Ice Cream',
        icon: 'soft-ice-cream',
        pence: 425,
        about: 'Fresh mint with shards of dark chocolate.',
        ingredients:
          'Whole milk, double cream (milk), sugar, dark chocolate (cocoa mass, sugar, soya lecithin), egg yolk, peppermint oil',
        allergens: 'Eggs, Milk, Soya',
      },
      {
        name: 'Salted Caramel Ice Cream',
        icon: 'ice-cream',
        pence: 425,
        about: 'Buttery caramel with a pinch of Anglesey sea salt.',
        ingredients: 'Whole milk, double cream (milk), sugar, butter (milk), egg yolk, sea salt',
        allergens: 'Eggs, Milk',
      },
      {
        name: 'Raspberry Sorbet',
        icon: 'shaved-ice',
        pence: 350,
        about: 'Sharp, intensely fruity and dairy-free.',
        ingredients: 'Raspberries (45%), water, sugar, lemon juice',
      },
      {
        name: 'Orange Ice Lollies',
        icon: 'shaved-ice',
        pence: 225,
        about: 'Six lollies made from pure orange juice.',
        ingredients: 'Orange juice (90%), sugar, water',
      },
    ],
  },
  {
    path: ['Household', 'Cleaning'],
    tile: 'e3eef0',
    sellers: ['convenience', 'larder'],
    prefixes: [
      ['Eco', 1.2],
      ['Fragrance-free', 1],
    ],
    suffixes: [
      ['Twin Pack', 1.9],
      ['Bulk Pack', 2.6],
    ],
    items: [
      {
        name: 'Washing-up Liquid',
        icon: 'soap',
        pence: 150,
        about: 'Cuts through grease and is kind to hands.',
      },
      {
        name: 'Multi-surface Cleaner',
        icon: 'lotion-bottle',
        pence: 199,
        about: 'For worktops, tables and tiles; plant-based surfactants.',
      },
      {
        name: 'Non-bio Laundry Liquid',
        icon: 'lotion-bottle',
        pence: 650,
        about: 'Forty washes, gentle on sensitive skin.',
      },
      {
        name: 'Scrubbing Sponges',
        icon: 'sponge',
        pence: 125,
        about: 'Five sponges with a scourer side for stubborn pans.',
      },
      {
        name: 'Bin Bags',
        icon: 'wastebasket',
        pence: 250,
        about: 'Twenty strong drawstring bags for kitchen bins.',
      },
      {
        name: 'Dishwasher Tablets',
        icon: 'soap',
        pence: 450,
        about: 'Thirty all-in-one tablets that shift baked-on grease.',
      },
    ],
  },
  {
    path: ['Household', 'Paper & Wraps'],
    tile: 'eceae4',
    sellers: ['convenience', 'larder'],
    prefixes: [
      ['Eco', 1.2],
      ['Recycled', 1.1],
    ],
    suffixes: [
      ['Twin Pack', 1.9],
      ['Multipack', 3],
    ],
    items: [
      {
        name: 'Kitchen Roll',
        icon: 'roll-of-paper',
        pence: 275,
        about: 'Two thirsty rolls for spills and drying.',
      },
      { name: 'Toilet Tissue', icon: 'roll-of-paper', pence: 399, about: 'Nine soft, strong rolls.' },
      {
        name: 'Cling Film',
        icon: 'roll-of-paper',
        pence: 150,
        about: 'Thirty metres, with a cutter that actually works.',
      },
      { name: 'Baking Parchment', icon: 'scroll', pence: 175, about: 'Non-stick paper for tins and trays.' },
      {
        name: 'Dinner Candles',
        icon: 'candle',
        pence: 350,
        about: 'Four unscented candles that burn for seven hours.',
      },
    ],
  },
]
