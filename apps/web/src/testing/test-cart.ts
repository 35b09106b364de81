import { STORAGE_KEYS } from '../lib/storage'
import { makeProduct } from './test-product'
import type { CartItem } from '../features/cart'

/** A cart line as Add to Cart stores it: the product, its stock, the quantity and the provider ids. */
export function cartLine(overrides: Partial<CartItem> = {}): CartItem {
  const product = makeProduct({ stripeProductId: 'prod_1', stripePriceIds: ['price_1'] })
  return { ...product, stock: product.qty, ...overrides, qty: overrides.qty ?? 1 }
}

/** Puts lines in localStorage as if an earlier visit had filled the cart. */
export function seedCart(lines: CartItem[]) {
  window.localStorage.setItem(STORAGE_KEYS.cartItems, JSON.stringify(lines))
}
