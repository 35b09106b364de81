import { ArrowRight } from 'lucide-react'
import { Link } from '../../../lib/router'
import type { HeroSlideContent } from './hero-slides'
import styles from './hero.module.css'

interface HeroSlideProps {
  slide: HeroSlideContent
  /** Only the first slide is on screen at load; the others' pictures can wait. */
  eager: boolean
}

export function HeroSlide({ slide, eager }: HeroSlideProps) {
  const [main, ...small] = slide.art
  const loading = eager ? 'eager' : 'lazy'
  return (
    <div className={`${styles.slide} ${styles[slide.theme]}`}>
      <div className={styles.copy}>
        <p className={styles.eyebrow}>{slide.eyebrow}</p>
        <h2 className={styles.title}>{slide.title}</h2>
        <p className={styles.text}>{slide.text}</p>
        <Link className={styles.cta} to={slide.cta.href}>
          {slide.cta.label}
          <ArrowRight aria-hidden="true" size={18} />
        </Link>
      </div>
      <div className={styles.art} aria-hidden="true">
        <img className={styles.artMain} src={main} alt="" width={220} height={220} loading={loading} />
        {small.map((src) => (
          <img
            key={src}
            className={styles.artSmall}
            src={src}
            alt=""
            width={120}
            height={120}
            loading={loading}
          />
        ))}
      </div>
    </div>
  )
}
