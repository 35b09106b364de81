import type { Product } from '@larder/shared'
import { CircleCheck, CircleX, Store } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import skeleton from '../../../styles/skeleton.module.css'
import { AddToCartButton } from '../../cart'
import { PriceBlock } from '../../catalog'
import { CitySelector } from '../../delivery'
import { availabilityText, stockText } from '../stock-text'
import styles from './product-detail.module.css'
import { ProductImage } from '../../../components/product-image'
import { ProductInfoSections } from './product-info-sections'
import { RemoveItemButton } from './remove-item-button'

export function ProductSummary({ product }: { product: Product }) {
  const inStock = product.qty > 0
  return (
    <div className={styles.summary}>
      <div className={styles.media}>
        {product.isFree && <span className={styles.freeBadge}>Free</span>}
        <ProductImage
          src={product.images[0]}
          alt={product.productName}
          width={512}
          className={styles.image}
          main
        />
      </div>
      <div className={styles.info}>
        <h1 id="product-name" className={styles.name}>
          {product.productName}
        </h1>
        <p className={styles.shop}>
          <Store aria-hidden="true" size={16} />
          <span>
            From <Link to={paths.productCategory.getHref(product.vendorID)}>{product.vendorCompanyName}</Link>
            , {product.vendorCity}
          </span>
        </p>
        <PriceBlock product={product} size="lg" />
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>Availability</dt>
            <dd className={inStock ? styles.inStock : styles.outOfStock}>
              {inStock ? (
                <CircleCheck aria-hidden="true" size={16} />
              ) : (
                <CircleX aria-hidden="true" size={16} />
              )}
              {availabilityText(product.qty)}
            </dd>
          </div>
        </dl>
        <p className={styles.stock}>{stockText(product.qty)}</p>
        <div className={styles.buy}>
          <CitySelector />
          <div className={styles.buttons}>
            <AddToCartButton product={product} />
            <RemoveItemButton productId={product.id} />
          </div>
        </div>
        <ProductInfoSections product={product} />
      </div>
    </div>
  )
}

export function ProductSummarySkeleton() {
  return (
    <div className={styles.summary} role="status" aria-label="Loading the product">
      <div className={`${styles.media} ${skeleton.shimmer} ${styles.imageSkeleton}`} />
      <div className={styles.info} aria-hidden="true">
        <div
          className={`${skeleton.shimmer} ${styles.lineSkeleton}`}
          style={{ width: '75%', height: '2rem' }}
        />
        <div className={`${skeleton.shimmer} ${styles.lineSkeleton}`} style={{ width: '40%' }} />
        <div
          className={`${skeleton.shimmer} ${styles.lineSkeleton}`}
          style={{ width: '25%', height: '1.75rem' }}
        />
        <div className={`${skeleton.shimmer} ${styles.lineSkeleton}`} style={{ width: '55%' }} />
        <div className={`${skeleton.shimmer} ${styles.lineSkeleton}`} style={{ height: '6rem' }} />
      </div>
    </div>
  )
}
