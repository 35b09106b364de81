import type { Shop } from '@larder/shared'
import { Eye, MapPin, Phone, Store } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import skeleton from '../../../styles/skeleton.module.css'
import { telHref } from '../../../lib/tel-href'
import styles from './shop-card.module.css'
import { ShopImage } from './shop-image'

interface ShopCardProps {
  shop: Shop
  eager?: boolean
  onQuickview: (shop: Shop) => void
}

export function ShopCard({ shop, eager, onQuickview }: ShopCardProps) {
  const headingId = `shop-${shop.id}`
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <ShopImage src={shop.shopImage} className={styles.image} eager={eager} />
      <div className={styles.body}>
        <h2 id={headingId} className={styles.name}>
          {shop.companyName}
        </h2>
        <p className={styles.city}>
          <MapPin aria-hidden="true" size={16} />
          {shop.city}
        </p>
        <p className={styles.description}>{shop.description}</p>
        <dl className={styles.details}>
          <dt className="visually-hidden">Address</dt>
          <dd>{shop.companyAddress}</dd>
          <dt className="visually-hidden">Phone</dt>
          <dd>
            <a href={telHref(shop.companyPhone)} className={styles.phone}>
              <Phone aria-hidden="true" size={15} />
              {shop.companyPhone}
            </a>
          </dd>
        </dl>
        <div className={styles.actions}>
          <Link
            to={paths.productCategory.getHref(shop.id)}
            className={styles.visit}
            aria-label={`Visit shop: ${shop.companyName}`}
          >
            <Store aria-hidden="true" size={17} />
            Visit shop
          </Link>
          <button
            type="button"
            className={styles.quickview}
            onClick={() => onQuickview(shop)}
            aria-label={`Quickview: ${shop.companyName}`}
            aria-haspopup="dialog"
          >
            <Eye aria-hidden="true" size={17} />
            Quickview
          </button>
        </div>
      </div>
    </article>
  )
}

export function ShopCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.image} ${skeleton.shimmer}`} />
      <div className={styles.body}>
        <div className={`${styles.skeletonLine} ${skeleton.shimmer}`} style={{ width: '70%' }} />
        <div className={`${styles.skeletonLine} ${skeleton.shimmer}`} style={{ width: '40%' }} />
        <div className={`${styles.skeletonLine} ${skeleton.shimmer}`} />
        <div className={`${styles.skeletonLine} ${skeleton.shimmer}`} style={{ width: '85%' }} />
      </div>
    </div>
  )
}
