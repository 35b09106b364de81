import type { Product } from '@larder/shared'
import type { ReactNode } from 'react'
import { LoadError } from '../../../components/load-error'
import notice from '../../../components/notice.module.css'
import { CARD_GRID_ATTRIBUTE } from '../../../framework/inline-scripts/names'
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
  /** Each card's button (ProductCard's `action`). */
  cardAction: (product: Product, className: string | undefined) => ReactNode
  /**
   * The products shown are the previous query's, kept on screen while the new query loads (react-query's
   * placeholder data): the grid says it is busy and fades, so they are not taken for the new results.
   */
  isStale?: boolean
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
  cardAction,
  isStale = false,
  headingLevel = 2,
  skeletonCount = 8,
  eagerImages = 4,
}: ProductGridProps) {
  const gridRef = useCardHeight<HTMLUListElement>(products)
  if (error && !products) {
    return <LoadError onRetry={onRetry}>We could not load the products. {errorText(error)}</LoadError>
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
      <p className={notice.notice} role="status">
        {emptyText}
      </p>
    )
  }
  return (
    <ul
      ref={gridRef}
      className={styles.grid}
      aria-busy={isStale}
      {...{ [CARD_GRID_ATTRIBUTE]: '' }}
      // The server's page sets the cards' height on it before hydration (card-height.ts).
      suppressHydrationWarning
    >
      {products.map((product, index) => (
        <li key={product.id} className={styles.item}>
          <ProductCard
            product={product}
            href={cardHref?.(product)}
            headingLevel={headingLevel}
            eagerImage={index < eagerImages}
            action={(className) => cardAction(product, className)}
          />
        </li>
      ))}
    </ul>
  )
}
