import { discountPercent, type Product } from '@larder/shared'
import type { ReactNode } from 'react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { PriceBlock } from './price-block'
import { ProductImage } from '../../../components/product-image'
import styles from './product-card.module.css'

export interface ProductCardProps {
  product: Product
  /** Where the name and picture lead; the product detail page unless a page (the mall) says otherwise. */
  href?: string
  headingLevel?: 2 | 3
  /** The first cards of a page are above the fold and load eagerly. */
  eagerImage?: boolean
  /**
   * The card's button, given the card's class for it. The page passes the cart's Add to Cart in, so the
   * catalogue never depends on the cart, which shows catalogue pictures in its own lines.
   */
  action: (className: string | undefined) => ReactNode
}

/**
 * The percentage for the discount banner, or null when the banner must not show: round((sale − discount) /
 * sale × 100) when both prices exist.
 */
export function discountBanner(product: Pick<Product, 'salePrice' | 'discountPrice' | 'isFree'>) {
  if (product.isFree) return null
  const percent = discountPercent(product.salePrice, product.discountPrice)
  return percent !== null && percent > 0 ? percent : null
}

function stockText(qty: number) {
  return qty > 0 ? `${qty} left` : 'Out of stock'
}

export function ProductCard({
  product,
  href,
  headingLevel = 2,
  eagerImage = false,
  action,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const target = href ?? paths.productDetail.getHref(product.id)
  const percent = discountBanner(product)

  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {/* The name link below is the accessible one; the picture link is a bigger target for pointers. */}
        <Link to={target} tabIndex={-1} aria-hidden="true" className={styles.imageLink}>
          <ProductImage
            src={product.images[0]}
            alt=""
            width={240}
            height={180}
            eager={eagerImage}
            className={styles.image}
          />
        </Link>
        <div className={styles.banners}>
          {product.isFree && <span className={`${styles.banner} ${styles.freeBanner}`}>Free</span>}
          {percent !== null && (
            <span className={`${styles.banner} ${styles.discountBanner}`}>
              <span aria-hidden="true">-{percent}%</span>
              <span className="visually-hidden">{percent}% off</span>
            </span>
          )}
        </div>
      </div>
      <div className={styles.body}>
        <p className={styles.shop}>{product.vendorCompanyName}</p>
        <Heading className={styles.name}>
          <Link to={target} className={styles.nameLink} title={product.productName}>
            {product.productName}
          </Link>
        </Heading>
        <PriceBlock product={product} />
        <p className={product.qty > 0 ? styles.stock : `${styles.stock} ${styles.soldOut}`}>
          {stockText(product.qty)}
        </p>
        {action(styles.add)}
      </div>
    </article>
  )
}
