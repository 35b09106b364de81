import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useEmblaState } from '../hooks/use-embla-state'
import { usePrefersReducedMotion } from '../hooks/use-reduced-motion'
import { HeroSlide } from './hero-slide'
import type { HeroSlideContent } from './hero-slides'
import styles from './hero.module.css'

type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>
type AutoplayOptions = NonNullable<Parameters<typeof Autoplay>[0]>

/**
 * Spec section 9: one slide per view at every width (0, 400, 740 and 940 px; the slide CSS is 100% wide
 * at all of them, so no breakpoints are needed), looping.
 */
export const HERO_OPTIONS: CarouselOptions = { loop: true, align: 'start' }

/**
 * Spec section 9: autoplay every 4000 ms. It pauses while the pointer or keyboard focus is anywhere in
 * the carousel, controls included (WCAG 2.2.2), and resumes when they leave.
 */
export const HERO_AUTOPLAY: AutoplayOptions = {
  delay: 4000,
  stopOnInteraction: false,
  stopOnMouseEnter: true,
  stopOnFocusIn: true,
  rootNode: (viewport) => viewport.closest('section'),
}

export function HeroCarousel({ slides }: { slides: readonly HeroSlideContent[] }) {
  const reducedMotion = usePrefersReducedMotion()
  // The visitor's own Play/Pause choice wins over the system setting.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null)
  const playing = playChoice ?? !reducedMotion
  // A new plugin list re-initialises the carousel on the same slide, so pausing is dropping the plugin:
  // a stopped plugin would restart itself when the pointer leaves.
  const plugins = useMemo(() => (playing ? [Autoplay(HERO_AUTOPLAY)] : []), [playing])
  const [viewportRef, emblaApi] = useEmblaCarousel(HERO_OPTIONS, plugins)
  const selected = useEmblaState(emblaApi, (api) => api.selectedScrollSnap(), 0)

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="This week at Larder">
      <div className={styles.viewport} ref={viewportRef}>
        {/* Announcing every automatic change would drown a screen reader; manual ones are announced. */}
        <div className={styles.track} aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              className={styles.cell}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              inert={index !== selected ? '' : undefined}
              data-testid="hero-slide"
            >
              <HeroSlide slide={slide} eager={index === 0} />
            </div>
          ))}
        </div>
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.control}
          onClick={() => setPlayChoice(!playing)}
          aria-label={playing ? 'Pause the slides' : 'Play the slides'}
        >
          {playing ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
        </button>
        <button
          type="button"
          className={styles.control}
          onClick={() => emblaApi?.scrollPrev()}
          aria-label="Previous slide"
        >
          <ChevronLeft aria-hidden="true" size={20} />
        </button>
        <div className={styles.dots}>
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              className={styles.dot}
              onClick={() => emblaApi?.scrollTo(index)}
              aria-label={`Slide ${index + 1}: ${slide.eyebrow}`}
              aria-current={index === selected ? 'true' : undefined}
            />
          ))}
        </div>
        <button
          type="button"
          className={styles.control}
          onClick={() => emblaApi?.scrollNext()}
          aria-label="Next slide"
        >
          <ChevronRight aria-hidden="true" size={20} />
        </button>
      </div>
    </section>
  )
}
