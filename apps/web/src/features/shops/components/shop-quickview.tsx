import type { Shop } from '@larder/shared'
import { MapPin, Phone, Store } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { telHref } from '../../../lib/tel-href'
import { ModalDialog } from '../../../components/modal-dialog'
import { ShopImage } from './shop-image'
import styles from './shop-quickview.module.css'

interface ShopQuickviewProps {
  shop: Shop
  onClose: () => void
}

export function ShopQuickview({ shop, onClose }: ShopQuickviewProps) {
  return (
    <ModalDialog title={shop.companyName} onClose={onClose}>
      <ShopImage src={shop.shopImage} className={styles.image} eager />
      <p className={styles.description}>{shop.description}</p>
      <dl className={styles.details}>
        <div className={styles.row}>
          <dt>
            <MapPin aria-hidden="true" size={16} />
            Town
          </dt>
          <dd>{shop.city}</dd>
        </div>
        <div className={styles.row}>
          <dt>
            <Store aria-hidden="true" size={16} />
            Address
          </dt>
          <dd>{shop.companyAddress}</dd>
        </div>
        <div className={styles.row}>
          <dt>
            <Phone aria-hidden="true" size={16} />
            Phone
          </dt>
          <dd>
            <a href={telHref(shop.companyPhone)}>{shop.companyPhone}</a>
          </dd>
        </div>
      </dl>
      <Link to={paths.productCategory.getHref(shop.id)} className={`button-primary ${styles.visit}`}>
        Visit shop
      </Link>
    </ModalDialog>
  )
}
