import { type ProductFilter, ProductGrid, useProducts } from '../../catalog'
import { addToCartAction } from '../../cart'
import styles from './home-section.module.css'

// Best rated is status RATED, page 0, size 20.
const BEST_RATED: ProductFilter = { status: 'RATED' }
export const BEST_RATED_SIZE = 20

export function BestRated() {
  const { data, isPending, error, refetch } = useProducts(BEST_RATED, 0, BEST_RATED_SIZE)
  return (
    // Not deferred as a whole (`belowFold`): its cards are, one by one, each standing in at the real
    // card height, which no estimate for the whole section could match on every screen.
    <section className={styles.section} aria-labelledby="home-best-rated">
      <div className={styles.header}>
        <h2 id="home-best-rated" className={styles.heading}>
          Best Rated Products
        </h2>
        <p className={styles.subheading}>Shoppers’ favourites from across the Larder shops</p>
      </div>
      <ProductGrid
        cardAction={addToCartAction}
        products={data?.products}
        isLoading={isPending}
        error={error}
        onRetry={() => void refetch()}
        emptyText="No products have been rated yet."
        headingLevel={3}
        // Below the hero, tiles and offers on every screen: an eager picture here is one the shopper may
        // never scroll to, and each one decoded is main-thread work while the page is becoming usable.
        eagerImages={0}
      />
    </section>
  )
}
