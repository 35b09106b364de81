import {
  DELIVERY_CHARGE_PENCE,
  effectivePricePence,
  formatPounds,
  poundsToPence,
  type Pence,
} from '@larder/shared'
import type { CartItem } from './cart-store'

/**
 * What the cart shows in pence, so sums never drift like floating pounds do. These are estimates for the
 * shopper: the server prices the order from the catalogue and ignores whatever the browser sends.
 */
export function unitPricePence(item: Pick<CartItem, 'isFree' | 'salePrice' | 'discountPrice'>): Pence {
  return effectivePricePence({
    isFree: item.isFree,
    salePricePence: item.salePrice === null ? null : poundsToPence(item.salePrice),
    discountPricePence: item.discountPrice === null ? null : poundsToPence(item.discountPrice),
  })
}

export const lineTotalPence = (item: CartItem): Pence => unitPricePence(item) * item.qty

export const subtotalPence = (items: readonly CartItem[]): Pence =>
  items.reduce((sum, item) => sum + lineTotalPence(item), 0)

/** A flat £1.60 delivery charge on top of the subtotal. */
export const totalPence = (items: readonly CartItem[]): Pence => subtotalPence(items) + DELIVERY_CHARGE_PENCE

export const itemCount = (items: readonly CartItem[]): number =>
  items.reduce((sum, item) => sum + item.qty, 0)

/** '£3.50': prices always show two decimals, from whole pence so there is nothing to round. */
export const formatPence = (pence: Pence): string => formatPounds(pence / 100)
