import { useMemo } from 'react'
import { STORAGE_KEYS, useStorageValue } from '../../lib/storage'
import { parseCart } from './cart-store'

/**
 * How many items the stored cart holds: the sum of each line's qty (its quantity in the cart), read as
 * the cart itself reads the lines (corrupt ones dropped, two of one product made one), so the badge and
 * the cart never disagree.
 */
export function countCartItems(raw: string | null): number {
  return parseCart(raw).reduce((count, line) => count + line.qty, 0)
}

export function useCartCount(): number {
  const raw = useStorageValue(STORAGE_KEYS.cartItems)
  return useMemo(() => countCartItems(raw), [raw])
}
