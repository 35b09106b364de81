import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import styles from './image-carousel.module.css'
import { ProductImage } from './product-image'

export interface ImageCarouselProps {
  images: readonly string[]
  name: string
}

/**
 * The template page's picture carousel. Embla lives in this file only, which the page loads on its own,
 * so no other page downloads it. No autoplay: moving content would need a pause control (WCAG 2.2.2).
 */
export function ImageCarousel({ images, name }: ImageCarouselProps) {
  const [viewport, embla] = useEmblaCarousel({ loop: images.length > 1 })
  const [selected, setSelected] = useState(0)

  const onSelect = useCallback(() => {
    if (embla) setSelected(embla.selectedScrollSnap())
  }, [embla])

  useEffect(() => {
    if (!embla) return
    embla.on('select', onSelect)
    embla.on('reInit', onSelect)
    return () => {
      embla.off('select', onSelect)
      embla.off('reInit', onSelect)
    }
  }, [embla, onSelect])

  const slides = images.length > 0 ? images : ['']
  const multiple = slides.length > 1

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={`Pictures of ${name}`}>
      <div className={styles.viewport} ref={viewport}>
        <div className={styles.container}>
          {slides.map((image, index) => (
            <div
              key={`${index}-${image}`}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={index !== selected}
            >
              <ProductImage
                src={image === '' ? undefined : image}
                alt={index === 0 ? name : `${name}, picture ${index + 1}`}
                size={512}
                className={styles.image}
                eager={index === 0}
              />
            </div>
          ))}
        </div>
      </div>
      {multiple && (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={() => embla?.scrollPrev()}>
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
                  onClick={() => embla?.scrollTo(index)}
                >
                  <span className="visually-hidden">Show picture {index + 1}</span>
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className={styles.arrow} onClick={() => embla?.scrollNext()}>
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
