import { createLucideIcon } from 'lucide-react'

/**
 * lucide's shopping basket, its seven strokes drawn as one path. It sits on every product card's Add to
 * Cart button, twenty times on a listing page, where lucide's eight elements per icon were a sixth of
 * the page's DOM: parsed, styled, laid out and hydrated on every first load. Each `M` below starts one of
 * lucide's paths (its relative `m` starts written absolute), so the strokes and their round caps and joins
 * are the same.
 */
export const ShoppingBasket = createLucideIcon('shopping-basket', [
  [
    'path',
    {
      d: 'M15 11l-1 9M19 11l-4-7M2 11h20M3.5 11l1.6 7.4a2 2 0 0 0 2 1.6h9.8a2 2 0 0 0 2-1.6l1.7-7.4M4.5 15.5h15M5 11l4-7M9 11l1 9',
      key: 'basket',
    },
  ],
])
