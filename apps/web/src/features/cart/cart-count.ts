import { useMemo } from 'react'
import { parseJson, STORAGE_KEYS, useStorageValue } from '../../lib/storage'

/**
 * How many items the stored cart holds: the sum of each line's qty (spec section 3, cart item). Lines
 * without a whole, positive qty are ignored rather than trusted, since any tab or old build may have
 * written the value.
 */
export function countCartItems(raw: string | null): number {
  const items = parseJson(raw)
  if (!Array.isArray(items)) return 0
  let count = 0
  for (const item of items as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const qty = (item as { qty?: unknown }).qty
    if (typeof qty === 'number' && Number.isInteger(qty) && qty > 0) count += qty
  }
  return count
}

export function useCartCount(): number {
  const raw = useStorageValue(STORAGE_KEYS.cartItems)
  return useMemo(() => countCartItems(raw), [raw])
}
