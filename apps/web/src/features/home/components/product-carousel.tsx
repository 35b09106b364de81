import type { Product } from '@larder/shared'
import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { ProductCard } from '../../catalog/components/product-card'
import { useEmblaState } from '../hooks/use-embla-state'
import styles from './product-row.module.css'

type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>

/** A page of cards per step; the cards per view come from the CSS (spec section 9: 1, 2, 3 or 4). */
export const CARD_CAROUSEL_OPTIONS: CarouselOptions = {
  align: 'start',
  containScroll: 'trimSnaps',
  slidesToScroll: 'auto',
}

interface ProductCarouselProps {
  products: readonly Product[]
  /** Names the carousel and its buttons, e.g. the category. */
  label: string
}

export function ProductCarousel({ products, label }: ProductCarouselProps) {
  const [viewportRef, emblaApi] = useEmblaCarousel(CARD_CAROUSEL_OPTIONS)
  const canPrev = useEmblaState(emblaApi, (api) => api.canScrollPrev(), false)
  const canNext = useEmblaState(emblaApi, (api) => api.canScrollNext(), false)

  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label}>
      <div className={styles.viewport} ref={viewportRef}>
        <ul className={styles.track}>
          {products.map((product) => (
            <li key={product.id} className={styles.cell}>
              <ProductCard product={product} headingLevel={3} />
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className={`${styles.arrow} ${styles.prev}`}
        onClick={() => emblaApi?.scrollPrev()}
        disabled={!canPrev}
        aria-label={`Previous products in ${label}`}
      >
        <ChevronLeft aria-hidden="true" size={22} />
      </button>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        onClick={() => emblaApi?.scrollNext()}
        disabled={!canNext}
        aria-label={`More products in ${label}`}
      >
        <ChevronRight aria-hidden="true" size={22} />
      </button>
    </div>
  )
}
