import { poundsToPence } from '@larder/shared'
import type { CartItem } from '../cart-store'
import { formatPence, unitPricePence } from '../cart-totals'

/**
 * A line's price as the cart charges it, and beside a discounted one its sale price struck through, as
 * the product cards show it (spec, card display): one presentation in the side panel, on the cart page and
 * on an order's page (features/orders, from the sale price the order line recorded).
 */
export function UnitPrice({ item }: { item: Pick<CartItem, 'isFree' | 'salePrice' | 'discountPrice'> }) {
  const unit = unitPricePence(item)
  const listed = item.salePrice === null || item.isFree ? null : poundsToPence(item.salePrice)
  return (
    <>
      {formatPence(unit)}
      {listed !== null && listed > unit && (
        <s>
          <span className="visually-hidden">was </span>
          {formatPence(listed)}
        </s>
      )}
    </>
  )
}
