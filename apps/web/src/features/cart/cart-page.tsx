import { useRef, useState, type ReactNode } from 'react'
import { useDocumentTitle } from '../../framework/page/document-title'
import { CartPageLine } from './components/cart-page-line'
import { CartSummary } from './components/cart-summary'
import { EmptyCart } from './components/empty-cart'
import styles from './cart-page.module.css'
import { itemCount } from './cart-totals'
import { useCart, type CartItem } from './cart-store'

/**
 * The cart page: the lines and totals beside the shipping form and Create Order. The checkout
 * (`checkout`, given the lines) comes from the checkout feature, which depends on the cart and not the
 * other way round: features/orders/cart-checkout-page.tsx puts the two together.
 */
export function CartPage({ checkout }: { checkout: (items: readonly CartItem[]) => ReactNode }) {
  useDocumentTitle('Shopping cart')
  const { items, increase, decrease, remove } = useCart()
  const linesHeading = useRef<HTMLHeadingElement>(null)
  const [removedLast, setRemovedLast] = useState(false)

  if (items.length === 0) return <EmptyCart takeFocus={removedLast} />
  const count = itemCount(items)
  return (
    <div className={styles.page}>
      <h1 id="cart-heading" className={styles.heading}>
        Shopping Cart
      </h1>
      <div className={styles.layout}>
        <section className={styles.cart} aria-labelledby="my-cart-heading">
          <h2 id="my-cart-heading" ref={linesHeading} tabIndex={-1} className={styles.subheading}>
            My Cart <span className={styles.count}>({count === 1 ? '1 item' : `${count} items`})</span>
          </h2>
          <ul className={styles.lines}>
            {items.map((item) => (
              <CartPageLine
                key={item.id}
                item={item}
                onIncrease={() => increase(item.id)}
                onDecrease={() => decrease(item.id)}
                onRemove={() => {
                  // The removed line takes the focused button with it.
                  if (items.length === 1) setRemovedLast(true)
                  else linesHeading.current?.focus()
                  remove(item.id)
                }}
              />
            ))}
          </ul>
          <CartSummary items={items} />
        </section>
        <div className={styles.checkout}>{checkout(items)}</div>
      </div>
    </div>
  )
}
