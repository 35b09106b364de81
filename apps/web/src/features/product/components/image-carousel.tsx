import { ChevronLeft, ChevronRight } from 'lucide-react'
import snap from '../../../components/carousel/snap-carousel.module.css'
import { useSnapCarousel } from '../../../components/carousel/use-snap-carousel'
import styles from './image-carousel.module.css'
import { ProductImage } from '../../../components/product-image'

export interface ImageCarouselProps {
  images: readonly string[]
  name: string
}

/**
 * The template page's picture carousel, looping. No autoplay: moving content would need a pause control
 * (WCAG 2.2.2).
 */
export function ImageCarousel({ images, name }: ImageCarouselProps) {
  const slides = images.length > 0 ? images : ['']
  const multiple = slides.length > 1
  const { viewportRef, selected, scrollPrev, scrollNext, scrollTo } = useSnapCarousel({
    slideCount: slides.length,
    loop: true,
  })

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={`Pictures of ${name}`}>
      {/* Focusable, so that keyboards can scroll it too: the pictures themselves take no focus. */}
      <div
        className={`${styles.viewport} ${snap.viewport}`}
        ref={viewportRef}
        tabIndex={multiple ? 0 : undefined}
      >
        <div className={styles.container}>
          {slides.map((image, index) => (
            <div
              key={`${index}-${image}`}
              className={`${styles.slide} ${snap.single}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={index !== selected}
            >
              <ProductImage
                src={image === '' ? undefined : image}
                alt={index === 0 ? name : `${name}, picture ${index + 1}`}
                width={512}
                className={styles.image}
                main={index === 0}
              />
            </div>
          ))}
        </div>
      </div>
      {multiple && (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={scrollPrev}>
            <ChevronLeft aria-hidden="true" size={20} />
            <span className="visually-hidden">Previous picture</span>
          </button>
          <ol className={styles.dots}>
            {slides.map((image, index) => (
              <li key={`${index}-${image}`}>
                <button
                  type="button"
                  className={index === selected ? `${styles.dot} ${styles.dotActive}` : styles.dot}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => scrollTo(index)}
                >
                  <span className="visually-hidden">Show picture {index + 1}</span>
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className={styles.arrow} onClick={scrollNext}>
            <ChevronRight aria-hidden="true" size={20} />
            <span className="visually-hidden">Next picture</span>
          </button>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {multiple ? `Picture ${selected + 1} of ${slides.length}` : ''}
      </p>
    </section>
  )
}
