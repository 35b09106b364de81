import { rasterSrcSet } from '@larder/shared'
import { ArrowRight } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import type { HeroSlideContent } from './hero-slides'
import styles from './hero.module.css'

interface HeroSlideProps {
  slide: HeroSlideContent
  /** Only the first slide is on screen at load; the others' pictures can wait. */
  eager: boolean
}

// Each picture is a third of an 18rem row on a phone and half of a 17rem square above that (hero.module.css).
const ART_SIZES = '(max-width: 739.98px) 6rem, 8.5rem'

export function HeroSlide({ slide, eager }: HeroSlideProps) {
  const [main, ...small] = slide.art
  const loading = eager ? 'eager' : 'lazy'
  return (
    <div className={`${styles.slide} ${styles[slide.theme]}`}>
      <div className={styles.copy}>
        <p className={styles.eyebrow}>{slide.eyebrow}</p>
        <h2 className={styles.title}>{slide.title}</h2>
        <p className={styles.text}>{slide.text}</p>
        <Link className={`button-primary ${styles.cta}`} to={slide.cta.href}>
          {slide.cta.label}
          <ArrowRight aria-hidden="true" size={18} />
        </Link>
      </div>
      <div className={styles.art} aria-hidden="true">
        <img
          className={styles.artMain}
          src={main}
          srcSet={main === undefined ? undefined : rasterSrcSet(main)}
          sizes={ART_SIZES}
          alt=""
          width={220}
          height={220}
          loading={loading}
        />
        {small.map((src) => (
          <img
            key={src}
            className={styles.artSmall}
            src={src}
            srcSet={rasterSrcSet(src)}
            sizes={ART_SIZES}
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
