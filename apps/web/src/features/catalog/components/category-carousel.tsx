import { rasterSrcSet } from '@larder/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import snap from '../../../components/carousel/snap-carousel.module.css'
import { useSnapCarousel } from '../../../components/carousel/use-snap-carousel'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { useCategories, visibleCategories } from '../api/get-categories'
import { categoryPicture } from '../category-pictures'
import styles from './category-carousel.module.css'

/**
 * Level-1 categories as picture tiles (2, 3, 4 or 5 at once from 0, 450, 740 and 940 px;
 * the widths live in the CSS), a page of them per step.
 */
export function CategoryCarousel() {
  const { data } = useCategories()
  const categories = data ? visibleCategories(data) : []
  const { viewportRef, canPrev, canNext, scrollPrev, scrollNext } = useSnapCarousel({
    slideCount: categories.length,
  })
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
            onClick={canPrev ? scrollPrev : undefined}
            aria-disabled={!canPrev}
            aria-label="Previous categories"
          >
            <ChevronLeft aria-hidden="true" size={20} />
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={canNext ? scrollNext : undefined}
            aria-disabled={!canNext}
            aria-label="Next categories"
          >
            <ChevronRight aria-hidden="true" size={20} />
          </button>
        </div>
      </div>
      <div className={snap.viewport} ref={viewportRef}>
        <ul className={styles.track}>
          {categories.map((category) => {
            const picture = categoryPicture(category.categoryName)
            return (
              <li key={category.categoryName} className={`${styles.slide} ${snap.slide}`}>
                <Link to={paths.productCategory.getHref(category.categoryName)} className={styles.tile}>
                  <img
                    src={picture}
                    srcSet={rasterSrcSet(picture)}
                    sizes="4.5rem"
                    alt=""
                    width={96}
                    height={96}
                    className={styles.image}
                  />
                  <span className={styles.name}>{category.categoryName}</span>
                </Link>
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
