import type { Product } from '@larder/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useRef } from 'react'
import { LoadError } from '../../../components/load-error'
import skeleton from '../../../styles/skeleton.module.css'
import { CardSkeleton, ProductCard, type ProductFilter, useProducts } from '../../catalog'
import { addToCartAction } from '../../cart'
import styles from './related-products.module.css'

/** Related products come from the same category, page 0, size 10. */
export const RELATED_SIZE = 10

export function relatedFilter(product: Product): ProductFilter {
  return {
    l1: product.categoryL1,
    l2: product.categoryL2 ?? undefined,
    l3: product.categoryL3 ?? undefined,
    excludeId: product.id,
  }
}

export function RelatedProducts({ product }: { product: Product }) {
  const { data, isPending, isError, isPlaceholderData, refetch } = useProducts(
    relatedFilter(product),
    0,
    RELATED_SIZE,
  )
  const row = useRef<HTMLUListElement>(null)
  const scroll = (direction: 1 | -1) => {
    const element = row.current
    if (!element) return
    element.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: 'smooth' })
  }
  const category = product.categoryL3 ?? product.categoryL2 ?? product.categoryL1
  // After moving to another product the previous product's row is only a placeholder: it may list this one.
  const products = isPending || isPlaceholderData || data === undefined ? null : data.products
  // A failed refetch of a row already shown keeps the row.
  const failed = isError && products === null

  if (products !== null && products.length === 0) return null
  return (
    <section className={styles.related} aria-labelledby="related-heading">
      <div className={styles.header}>
        <div>
          <h2 id="related-heading" className={styles.heading}>
            You may also like
          </h2>
          <p className={styles.subheading}>More from {category}</p>
        </div>
        {products !== null && (
          <div className={styles.arrows}>
            <button type="button" className={styles.arrow} onClick={() => scroll(-1)}>
              <ChevronLeft aria-hidden="true" size={20} />
              <span className="visually-hidden">Scroll related products back</span>
            </button>
            <button type="button" className={styles.arrow} onClick={() => scroll(1)}>
              <ChevronRight aria-hidden="true" size={20} />
              <span className="visually-hidden">Scroll related products on</span>
            </button>
          </div>
        )}
      </div>
      {products === null && !failed && (
        // A full row of skeletons: the columns take their narrowest width only when the row overflows,
        // as a full row of products does, so fewer would stand wider than the cards replacing them.
        <div className={styles.row} role="status" aria-label="Loading related products">
          {Array.from({ length: RELATED_SIZE }, (_, index) => (
            <div key={index} className={styles.item}>
              <CardSkeleton fill={skeleton.shimmer} testId="related-skeleton" />
            </div>
          ))}
        </div>
      )}
      {failed && <LoadError onRetry={() => void refetch()}>We couldn’t load related products.</LoadError>}
      {products !== null && (
        // Focusable so keyboard users can scroll the row with the arrow keys.
        <ul ref={row} className={styles.row} aria-labelledby="related-heading" tabIndex={0}>
          {products.map((related) => (
            <li key={related.id} className={styles.item}>
              <ProductCard
                product={related}
                headingLevel={3}
                action={(className) => addToCartAction(related, className)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
