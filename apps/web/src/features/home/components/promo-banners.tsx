import { rasterSrcSet } from '@larder/shared'
import { ArrowRight } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { foodImageUrl } from '../food-image'
import sectionStyles from './home-section.module.css'
import styles from './promo-banners.module.css'

/** Three promotion banners, every one linking to /products. */
const BANNERS = [
  {
    title: 'Seasonal fruit & veg',
    text: 'Fresh picks from local greengrocers',
    image: foodImageUrl('peach', 'ffe1c4'),
    tone: 'green',
  },
  {
    title: 'Look for the % badge',
    text: 'Shops mark down their offers every day',
    image: foodImageUrl('label', 'fbe7c0'),
    tone: 'amber',
  },
  {
    title: 'Stock the cupboard',
    text: 'Pantry staples, drinks and household basics',
    image: foodImageUrl('honey-pot', 'f7e4b5'),
    tone: 'cream',
  },
] as const

export function PromoBanners() {
  return (
    <section className={`${styles.section} ${sectionStyles.belowFold}`} aria-label="Offers">
      <ul className={styles.banners}>
        {BANNERS.map((banner) => (
          <li key={banner.title}>
            <Link className={`${styles.banner} ${styles[banner.tone]}`} to={paths.products.getHref()}>
              <span className={styles.copy}>
                <span className={styles.title}>{banner.title}</span>
                <span className={styles.text}>{banner.text}</span>
                <span className={styles.more}>
                  Shop now <ArrowRight aria-hidden="true" size={16} />
                </span>
              </span>
              <img
                className={styles.image}
                src={banner.image}
                srcSet={rasterSrcSet(banner.image)}
                sizes="5.5rem"
                alt=""
                width={88}
                height={88}
                loading="lazy"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
