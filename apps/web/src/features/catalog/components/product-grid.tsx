import type { Product } from '@larder/shared'
import { RotateCw } from 'lucide-react'
import skeleton from '../../../styles/skeleton.module.css'
import { CardSkeleton } from './card-skeleton'
import { ProductCard } from './product-card'
import styles from './product-grid.module.css'
import { useCardHeight } from './use-card-height'

export interface ProductGridProps {
  products: readonly Product[] | undefined
  isLoading: boolean
  error: unknown
  onRetry: () => void
  emptyText: string
  /** Where each card leads; the product detail page by default. */
  cardHref?: (product: Product) => string
  headingLevel?: 2 | 3
  /** How many skeleton cards stand in while the first page loads. */
  skeletonCount?: number
  /**
   * How many cards load their picture at once rather than lazily: the first row or two, when the grid
   * starts above the fold, where lazy-loading would only delay them. A grid further down takes none.
   */
  eagerImages?: number
}

function errorText(error: unknown) {
  return error instanceof Error && error.message !== '' ? error.message : 'Something went wrong.'
}

export function ProductGrid({
  products,
  isLoading,
  error,
  onRetry,
  emptyText,
  cardHref,
  headingLevel = 2,
  skeletonCount = 8,
  eagerImages = 4,
}: ProductGridProps) {
  const gridRef = useCardHeight<HTMLUListElement>(products)
  if (error && !products) {
    return (
      <div className={styles.message} role="alert">
        <p>We could not load the products. {errorText(error)}</p>
        <button type="button" className={styles.retry} onClick={onRetry}>
          <RotateCw aria-hidden="true" size={18} />
          Try again
        </button>
      </div>
    )
  }
  if (isLoading || !products) {
    return (
      <div className={styles.grid} aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading products…
        </p>
        {Array.from({ length: skeletonCount }, (_, index) => (
          <CardSkeleton key={index} fill={skeleton.shimmer} testId="product-skeleton" />
        ))}
      </div>
    )
  }
  if (products.length === 0) {
    return (
      <p className={styles.message} role="status">
        {emptyText}
      </p>
    )
  }
  return (
    <ul ref={gridRef} className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id} className={styles.item}>
          <ProductCard
            product={product}
            href={cardHref?.(product)}
            headingLevel={headingLevel}
            eagerImage={index < eagerImages}
          />
        </li>
      ))}
    </ul>
  )
}
