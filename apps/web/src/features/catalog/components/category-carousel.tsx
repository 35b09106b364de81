import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useCallback, useSyncExternalStore } from 'react'
import { Link } from '../../../lib/router'
import { paths } from '../../../config/paths'
import { useCategories, visibleCategories } from '../api/get-categories'
import { categoryPicture } from '../category-pictures'
import styles from './category-carousel.module.css'

type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>

/** Whether the carousel can move each way, kept in step with its events. */
function useCanScroll(api: EmblaApi | undefined) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!api) return () => undefined
      api.on('select', onChange).on('reInit', onChange).on('resize', onChange)
      return () => {
        api.off('select', onChange).off('reInit', onChange).off('resize', onChange)
      }
    },
    [api],
  )
  const read = () => `${api?.canScrollPrev() ?? false}:${api?.canScrollNext() ?? false}`
  const [prev, next] = useSyncExternalStore(subscribe, read, () => 'false:false').split(':')
  return { canPrev: prev === 'true', canNext: next === 'true' }
}

/**
 * Level-1 categories as picture tiles (spec section 9: 2, 3, 4 or 5 at once from 0, 450, 740 and 940 px;
 * the widths live in the CSS). Its own chunk, so only the listing without a filter downloads Embla.
 */
export function CategoryCarousel() {
  const { data } = useCategories()
  const [viewport, api] = useEmblaCarousel({
    align: 'start',
    slidesToScroll: 'auto',
    containScroll: 'trimSnaps',
  })
  const { canPrev, canNext } = useCanScroll(api)
  const categories = data ? visibleCategories(data) : []
  if (categories.length === 0) return null

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-labelledby="category-carousel-title"
    >
      <div className={styles.header}>
        <h2 id="category-carousel-title" className={styles.title}>
          Browse the aisles
        </h2>
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            onClick={() => api?.scrollPrev()}
            disabled={!canPrev}
            aria-label="Previous categories"
          >
            <ChevronLeft aria-hidden="true" size={20} />
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={() => api?.scrollNext()}
            disabled={!canNext}
            aria-label="Next categories"
          >
            <ChevronRight aria-hidden="true" size={20} />
          </button>
        </div>
      </div>
      <div className={styles.viewport} ref={viewport}>
        <ul className={styles.track}>
          {categories.map((category) => (
            <li key={category.categoryName} className={styles.slide}>
              <Link to={paths.productCategory.getHref(category.categoryName)} className={styles.tile}>
                <img
                  src={categoryPicture(category.categoryName)}
                  alt=""
                  width={96}
                  height={96}
                  className={styles.image}
                />
                <span className={styles.name}>{category.categoryName}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
