import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react'
import { useState, type FocusEvent } from 'react'
import snap from '../../../components/carousel/snap-carousel.module.css'
import { useSnapCarousel } from '../../../components/carousel/use-snap-carousel'
import { useAutoplay } from '../../../lib/use-autoplay'
import { usePrefersReducedMotion } from '../../../lib/use-reduced-motion'
import { HeroSlide } from './hero-slide'
import type { HeroSlideContent } from './hero-slides'
import styles from './hero.module.css'

/** Autoplay every 4000 ms. */
export const HERO_AUTOPLAY_MS = 4000

/**
 * One slide per view at every width (the slide CSS is 100% wide at all of them), looping,
 * autoplaying. It holds still while the pointer or keyboard focus is in the carousel, controls included
 * (WCAG 2.2.2), and goes on when they leave.
 */
export function HeroCarousel({ slides }: { slides: readonly HeroSlideContent[] }) {
  const reducedMotion = usePrefersReducedMotion()
  // The visitor's own Play/Pause choice wins over the system setting.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null)
  const playing = playChoice ?? !reducedMotion
  const [held, setHeld] = useState(false)
  const { viewportRef, selected, scrollPrev, scrollNext, scrollTo } = useSnapCarousel({
    slideCount: slides.length,
    loop: true,
  })
  useAutoplay(scrollNext, HERO_AUTOPLAY_MS, playing && !held, selected)

  const focusLeaves = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false)
  }
  const togglePlay = () => {
    setPlayChoice(!playing)
    // Pressing Play means play now, though the pointer or focus that pressed it is still here.
    setHeld(false)
  }

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="This week at Larder"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={focusLeaves}
    >
      <div className={`${styles.viewport} ${snap.viewport}`} ref={viewportRef}>
        {/* Announcing every automatic change would drown a screen reader; manual ones are announced, and
            while the pointer or focus holds the carousel still, every change is a manual one. */}
        <div className={styles.track} aria-live={playing && !held ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              className={`${styles.cell} ${snap.single}`}
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
          onClick={togglePlay}
          aria-label={playing ? 'Pause the slides' : 'Play the slides'}
        >
          {playing ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
        </button>
        <button type="button" className={styles.control} onClick={scrollPrev} aria-label="Previous slide">
          <ChevronLeft aria-hidden="true" size={20} />
        </button>
        <div className={styles.dots}>
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              className={styles.dot}
              onClick={() => scrollTo(index)}
              aria-label={`Slide ${index + 1}: ${slide.eyebrow}`}
              aria-current={index === selected ? 'true' : undefined}
            />
          ))}
        </div>
        <button type="button" className={styles.control} onClick={scrollNext} aria-label="Next slide">
          <ChevronRight aria-hidden="true" size={20} />
        </button>
      </div>
    </section>
  )
}
