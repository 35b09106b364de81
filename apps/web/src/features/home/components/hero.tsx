import { lazy, Suspense } from 'react'
import { HeroSlide } from './hero-slide'
import { HERO_SLIDES } from './hero-slides'
import styles from './hero.module.css'

// Embla arrives in its own chunk; until then the first slide stands still in the same frame, so the
// switch neither moves the page nor delays its first paint.
const HeroCarousel = lazy(() => import('./hero-carousel').then((m) => ({ default: m.HeroCarousel })))

function HeroStill() {
  return (
    <section className={styles.carousel} aria-label="This week at Larder">
      <div className={styles.viewport}>
        <div className={styles.track}>
          <div className={styles.cell}>
            <HeroSlide slide={HERO_SLIDES[0]} eager />
          </div>
        </div>
      </div>
      <div className={styles.controls} aria-hidden="true" />
    </section>
  )
}

export function Hero() {
  return (
    <Suspense fallback={<HeroStill />}>
      <HeroCarousel slides={HERO_SLIDES} />
    </Suspense>
  )
}
