import { ShoppingBasket } from '../../../components/shopping-basket-icon'
import { Link } from '../../../lib/router'
import { paths } from '../../../config/paths'
import styles from '../cart-page.module.css'

/** Spec section 2: the empty cart page. */
export function EmptyCart() {
  return (
    <section className={styles.empty} aria-labelledby="cart-heading">
      <span className={styles.emptyIcon} aria-hidden="true">
        <ShoppingBasket size={40} />
      </span>
      <h1 id="cart-heading" className={styles.emptyTitle}>
        Your Cart is Empty
      </h1>
      <p className={styles.emptyText}>Please Add Items!</p>
      <Link to={paths.products.getHref()} className={`button-primary ${styles.shopNow}`}>
        Shop now
      </Link>
    </section>
  )
}
