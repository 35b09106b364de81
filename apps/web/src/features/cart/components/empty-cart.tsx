import { useEffect, useRef } from 'react'
import { ShoppingBasket } from '../../../components/shopping-basket-icon'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import styles from '../cart-page.module.css'

/**
 * The empty cart page ('Your Cart is Empty', 'Please Add Items!', 'Shop now'). `takeFocus` when the shopper
 * has just removed the last line, whose button went with it: focus moves to the heading that says what
 * happened, not to the top of the page.
 */
export function EmptyCart({ takeFocus = false }: { takeFocus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (takeFocus) heading.current?.focus()
  }, [takeFocus])

  return (
    <section className={styles.empty} aria-labelledby="cart-heading">
      <span className={styles.emptyIcon} aria-hidden="true">
        <ShoppingBasket size={40} />
      </span>
      <h1 id="cart-heading" ref={heading} tabIndex={-1} className={styles.emptyTitle}>
        Your Cart is Empty
      </h1>
      <p className={styles.emptyText}>Please Add Items!</p>
      <Link to={paths.products.getHref()} className={`button-primary ${styles.shopNow}`}>
        Shop now
      </Link>
    </section>
  )
}
