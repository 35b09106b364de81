import { X } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import type { CartItem } from '../cart-store'
import { formatPence, lineTotalPence } from '../cart-totals'
import { ProductImage } from '../../../components/product-image'
import styles from './cart-page-line.module.css'
import { QuantityStepper } from './quantity-stepper'
import { UnitPrice } from './unit-price'

interface CartPageLineProps {
  item: CartItem
  onIncrease: () => void
  onDecrease: () => void
  onRemove: () => void
}

/** A cart-page line: picture, linked name, unit price (and a discount's struck-through sale price), minus/plus, line total, remove mark. */
export function CartPageLine({ item, onIncrease, onDecrease, onRemove }: CartPageLineProps) {
  return (
    <li className={styles.line}>
      <ProductImage src={item.images[0]} alt="" width={88} className={styles.image} />
      <div className={styles.details}>
        <Link to={paths.productDetail.getHref(item.id)} className={styles.name}>
          {item.productName}
        </Link>
        {item.vendorCompanyName && <p className={styles.vendor}>{item.vendorCompanyName}</p>}
        <p className={styles.unit}>
          Unit Price: <UnitPrice item={item} />
        </p>
      </div>
      <QuantityStepper
        productName={item.productName}
        qty={item.qty}
        max={item.stock}
        canDecrease={item.qty > 1}
        onDecrease={onDecrease}
        onIncrease={onIncrease}
        className={styles.stepper}
      />
      <p className={styles.total}>
        <span className="visually-hidden">Line total </span>
        {formatPence(lineTotalPence(item))}
      </p>
      <button type="button" className={styles.remove} onClick={onRemove}>
        <X aria-hidden="true" size={20} />
        <span className="visually-hidden">Remove {item.productName}</span>
      </button>
    </li>
  )
}
