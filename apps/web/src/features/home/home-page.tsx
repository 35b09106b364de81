import { useDocumentTitle } from '../../framework/page/document-title'
import { SearchBox } from '../catalog'
import { CitySelector } from '../delivery'
import { BestRated } from './components/best-rated'
import { CategoryRows } from './components/category-rows'
import { CategoryTiles } from './components/category-tiles'
import { HeroCarousel } from './components/hero-carousel'
import { HERO_SLIDES } from './components/hero-slides'
import { InfoBlocks } from './components/info-blocks'
import { PromoBanners } from './components/promo-banners'
import { Testimonials } from './components/testimonials'
import styles from './home-page.module.css'
import { usePageSummary } from '../../framework/page/page-meta'
import { webSite } from '../../lib/structured-data'

/**
 * The home page (route ''). The scroll-to-top button is the footer's, on every page.
 */
export function HomePage() {
  // The site's default title, "Larder: fresh groceries in north-west London", is the home page's.
  useDocumentTitle(undefined)
  usePageSummary({
    description:
      'Fresh groceries, bread and cakes from independent greengrocers, bakers, butchers and delis, delivered across north-west London in one basket.',
    structuredData: (absolute) => [webSite(absolute)],
  })
  return (
    <div className={styles.page}>
      <section className={styles.intro} aria-labelledby="page-heading">
        <div className={styles.introText}>
          <h1 id="page-heading" className={styles.heading}>
            Fresh groceries and bakes from north-west London shops
          </h1>
          <p className={styles.lead}>
            Independent greengrocers, bakers, butchers and delis near you, all in one basket.
          </p>
        </div>
        <div className={styles.search}>
          <SearchBox />
        </div>
        <div className={styles.city}>
          <CitySelector />
        </div>
      </section>
      <div className={styles.content}>
        <HeroCarousel slides={HERO_SLIDES} />
        <CategoryTiles />
        <InfoBlocks />
        <PromoBanners />
        <BestRated />
        <CategoryRows />
        <Testimonials />
      </div>
    </div>
  )
}
