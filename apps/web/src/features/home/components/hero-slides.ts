import { paths } from '../../../config/paths'
import { foodImageUrl } from '../food-image'

export type HeroTheme = 'produce' | 'bakery' | 'free'

export interface HeroSlideContent {
  id: string
  theme: HeroTheme
  eyebrow: string
  title: string
  text: string
  cta: { label: string; href: string }
  /** Decorative illustrations; the first is drawn large. */
  art: readonly [string, string, string]
}

/** The three promotional slides of the home carousel. */
export const HERO_SLIDES: readonly [HeroSlideContent, HeroSlideContent, HeroSlideContent] = [
  {
    id: 'fresh-produce',
    theme: 'produce',
    eyebrow: 'Fresh this week',
    title: 'Fruit and veg from your local greengrocer',
    text: 'Crisp carrots, ripe strawberries and leafy greens, picked up from north-west London shops.',
    cta: { label: 'Shop fruit & veg', href: paths.productCategory.getHref('Fresh', 'Vegetables & Fruits') },
    art: [
      foodImageUrl('carrot', 'd9f2d0'),
      foodImageUrl('strawberry', 'fadadd'),
      foodImageUrl('broccoli', 'd9f2d0'),
    ],
  },
  {
    id: 'bakery',
    theme: 'bakery',
    eyebrow: 'From the bakery',
    title: 'Bread, cakes and pastries baked every morning',
    text: 'Sourdough loaves, croissants and celebration cakes from independent bakers near you.',
    cta: { label: 'Visit the bakery', href: paths.productCategory.getHref('Bakery') },
    art: [
      foodImageUrl('bread', 'f4e2c6'),
      foodImageUrl('croissant', 'f9ecd0'),
      foodImageUrl('birthday-cake', 'fcd5e0'),
    ],
  },
  {
    id: 'free-items',
    theme: 'free',
    eyebrow: 'Free to a good home',
    title: 'Good food, free: nothing goes to waste',
    text: 'Local shops share surplus food at no charge. Find it in the free-items mall.',
    cta: { label: 'Browse free items', href: paths.mall.getHref() },
    art: [
      foodImageUrl('green-apple', 'eef3c9'),
      foodImageUrl('baguette-bread', 'f3ead2'),
      foodImageUrl('banana', 'fff0b3'),
    ],
  },
]
