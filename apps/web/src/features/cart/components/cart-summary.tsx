import { DELIVERY_CHARGE_PENCE } from '@larder/shared'
import type { CartItem } from '../cart-store'
import { formatPence, subtotalPence, totalPence } from '../cart-totals'
import styles from './cart-summary.module.css'

/** Sub Total, the flat £1.60 Shipping, and the Total, each to 2 decimals. */
export function CartSummary({ items }: { items: readonly CartItem[] }) {
  return (
    <div className={styles.summary}>
      <dl className={styles.rows} aria-label="Order summary">
        <div className={styles.row}>
          <dt>Sub Total</dt>
          <dd>{formatPence(subtotalPence(items))}</dd>
        </div>
        <div className={styles.row}>
          <dt>Shipping</dt>
          <dd>{formatPence(DELIVERY_CHARGE_PENCE)}</dd>
        </div>
        <div className={`${styles.row} ${styles.total}`}>
          <dt>Total</dt>
          <dd>{formatPence(totalPence(items))}</dd>
        </div>
      </dl>
      <p className={styles.note}>The shop confirms the final prices when you create the order.</p>
    </div>
  )
}
