import type { Product } from '@larder/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import snap from '../../../components/carousel/snap-carousel.module.css'
import { useSnapCarousel } from '../../../components/carousel/use-snap-carousel'
import { addToCartAction } from '../../cart'
import { ProductCard } from '../../catalog'
import styles from './product-row.module.css'

interface ProductCarouselProps {
  products: readonly Product[]
  /** Names the carousel and its buttons, e.g. the category. */
  label: string
}

/** A page of cards per step; the cards per view come from the CSS (1, 2, 3 or 4). */
export function ProductCarousel({ products, label }: ProductCarouselProps) {
  const { viewportRef, canPrev, canNext, scrollPrev, scrollNext } = useSnapCarousel({
    slideCount: products.length,
  })

  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label}>
      <div className={`${styles.viewport} ${snap.viewport}`} ref={viewportRef}>
        <ul className={styles.track}>
          {products.map((product) => (
            <li key={product.id} className={`${styles.cell} ${snap.slide}`}>
              <ProductCard
                product={product}
                headingLevel={3}
                action={(className) => addToCartAction(product, className)}
              />
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className={`${styles.arrow} ${styles.prev}`}
        onClick={canPrev ? scrollPrev : undefined}
        aria-disabled={!canPrev}
        aria-label={`Previous products in ${label}`}
      >
        <ChevronLeft aria-hidden="true" size={22} />
      </button>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        onClick={canNext ? scrollNext : undefined}
        aria-disabled={!canNext}
        aria-label={`More products in ${label}`}
      >
        <ChevronRight aria-hidden="true" size={22} />
      </button>
    </div>
  )
}
