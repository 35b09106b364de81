import type { Product } from '@larder/shared'
import { useCallback, useMemo } from 'react'
import { parseJson, readStorage, STORAGE_KEYS, useStorageValue, writeStorage } from '../../lib/storage'

// Type-only use of @larder/shared: the cart panel lives in the layout, and zod must stay out of the first download.
type DisplayFields = 'id' | 'productName' | 'images' | 'salePrice' | 'discountPrice' | 'isFree'

/**
 * A cart line, stored under cartItems: the product's fields with `qty` meaning the quantity in the cart, at
 * least 1. `stock` remembers the product's stock when it was added, so the cart never offers more. The
 * other product fields are optional because any tab or older build may have written the line.
 */
export type CartItem = Pick<Product, DisplayFields> &
  Partial<Omit<Product, DisplayFields | 'qty'>> & { qty: number; stock?: number }

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0

const isPrice = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value))

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false
  const line: Record<string, unknown> = { ...value }
  return (
    typeof line.id === 'number' &&
    Number.isInteger(line.id) &&
    typeof line.productName === 'string' &&
    Array.isArray(line.images) &&
    line.images.every((image) => typeof image === 'string') &&
    isPrice(line.salePrice) &&
    isPrice(line.discountPrice) &&
    typeof line.isFree === 'boolean' &&
    isPositiveInteger(line.qty) &&
    (line.stock === undefined || (typeof line.stock === 'number' && Number.isInteger(line.stock)))
  )
}

/** The most a line may hold: the stock known when it was added (unknown stock means no cap). */
const maxQty = (item: CartItem) => (item.stock === undefined ? Number.POSITIVE_INFINITY : item.stock)

/**
 * The stored lines; corrupt or half-written lines are dropped rather than trusted. Two lines of one product
 * (written by hand or by another tab's older build) become one: the order keeps one line per product, so
 * the cart must show and charge the same single quantity.
 */
export function parseCart(raw: string | null): CartItem[] {
  const value = parseJson(raw)
  if (!Array.isArray(value)) return []
  const lines = new Map<number, CartItem>()
  for (const line of value.filter(isCartItem)) {
    const earlier = lines.get(line.id)
    lines.set(
      line.id,
      earlier ? { ...earlier, qty: Math.min(earlier.qty + line.qty, maxQty(earlier)) } : line,
    )
  }
  return [...lines.values()]
}

export function readCart(): CartItem[] {
  return parseCart(readStorage(STORAGE_KEYS.cartItems))
}

// writeStorage announces the change, so every useCart (and the navbar badge) re-renders at once.
function saveCart(items: CartItem[]) {
  writeStorage(STORAGE_KEYS.cartItems, JSON.stringify(items))
}

function update(change: (items: CartItem[]) => CartItem[]) {
  saveCart(change(readCart()))
}

/**
 * A product already in the cart gets qty + 1, otherwise a new line with qty 1; never more
 * than the stock. Returns false when nothing could be added (out of stock or the stock is all in the cart).
 */
export function addToCart(product: Product): boolean {
  const items = readCart()
  const existing = items.find((item) => item.id === product.id)
  const stock = Math.max(0, product.qty)
  if (existing) {
    if (existing.qty >= stock) return false
    // The provider ids are the latest registration's: a changed price has a new price id first.
    const { stripeProductId, stripePriceIds } = product
    saveCart(
      items.map((item) =>
        item.id === product.id
          ? { ...item, qty: item.qty + 1, stock, stripeProductId, stripePriceIds }
          : item,
      ),
    )
    return true
  }
  if (stock < 1) return false
  saveCart([...items, { ...product, qty: 1, stock }])
  return true
}

export function increaseQty(id: number) {
  update((items) =>
    items.map((item) => (item.id === id && item.qty < maxQty(item) ? { ...item, qty: item.qty + 1 } : item)),
  )
}

/** The cart page keeps a line at 1; one catalogue view removes the line instead. */
export function decreaseQty(id: number, { removeAtZero = false }: { removeAtZero?: boolean } = {}) {
  update((items) =>
    items.flatMap((item) => {
      if (item.id !== id) return [item]
      if (item.qty > 1) return [{ ...item, qty: item.qty - 1 }]
      return removeAtZero ? [] : [item]
    }),
  )
}

export function removeFromCart(id: number) {
  update((items) => items.filter((item) => item.id !== id))
}

export function clearCart() {
  saveCart([])
}

/** Takes out what an order paid for, keeping anything added since (and any quantity beyond the order's). */
export function removePaidLines(paid: readonly { productId: number; quantity: number }[]) {
  const quantities = new Map(paid.map((line) => [line.productId, line.quantity]))
  update((items) =>
    items.flatMap((item) => {
      const left = item.qty - (quantities.get(item.id) ?? 0)
      return left > 0 ? [{ ...item, qty: left }] : []
    }),
  )
}

/** The cart in localStorage `cartItems`, kept in step across components and tabs. */
export function useCart() {
  const raw = useStorageValue(STORAGE_KEYS.cartItems)
  const items = useMemo(() => parseCart(raw), [raw])
  const count = useMemo(() => items.reduce((sum, item) => sum + item.qty, 0), [items])
  const decrease = useCallback(
    (id: number, options?: { removeAtZero?: boolean }) => decreaseQty(id, options),
    [],
  )
  return {
    items,
    count,
    add: addToCart,
    increase: increaseQty,
    decrease,
    remove: removeFromCart,
    clear: clearCart,
  }
}
