import { Trash2 } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import type { CartItem } from '../cart-store'
import { formatPence, lineTotalPence } from '../cart-totals'
import { ProductImage } from '../../../components/product-image'
import styles from './panel-line.module.css'
import { QuantityStepper } from './quantity-stepper'
import { UnitPrice } from './unit-price'

interface PanelLineProps {
  item: CartItem
  onIncrease: () => void
  onDecrease: () => void
  onRemove: () => void
}

/** A side-panel line (spec): picture linking to the product, name, price, minus/plus, line total, remove. */
export function PanelLine({ item, onIncrease, onDecrease, onRemove }: PanelLineProps) {
  return (
    <li className={styles.line}>
      <Link to={paths.productDetail.getHref(item.id)} className={styles.picture}>
        <ProductImage src={item.images[0]} alt={item.productName} width={64} className={styles.image} />
      </Link>
      <div className={styles.body}>
        <p className={styles.name}>{item.productName}</p>
        <p className={styles.price}>
          <UnitPrice item={item} />
        </p>
        <QuantityStepper
          productName={item.productName}
          qty={item.qty}
          max={item.stock}
          canDecrease
          onDecrease={onDecrease}
          onIncrease={onIncrease}
          size="sm"
          className={styles.stepper}
        />
      </div>
      <div className={styles.end}>
        <p className={styles.total}>
          <span className="visually-hidden">Line total </span>
          {formatPence(lineTotalPence(item))}
        </p>
        <button type="button" className={styles.remove} onClick={onRemove}>
          <Trash2 aria-hidden="true" size={18} />
          <span className="visually-hidden">Remove {item.productName}</span>
        </button>
      </div>
    </li>
  )
}
