import { Apple, Carrot, Croissant, Fish, Milk, Wheat } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '../../config/paths'
import { useDocumentTitle } from '../../lib/document-title'
import styles from './home-page.module.css'

const AISLES = [Carrot, Apple, Fish, Croissant, Milk, Wheat]

export function HomePage() {
  useDocumentTitle(undefined)
  return (
    <>
      <section className={styles.heroBand} aria-labelledby="page-heading">
        <div className={styles.hero}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>Larder</p>
            <h1 id="page-heading" className={styles.heading}>
              Fresh groceries and bakes from north-west London shops
            </h1>
            <p className={styles.lead}>
              Fruit and veg, fish, meat, cheese, bread and cakes from independent shops near you, delivered
              across Wembley, Harrow, Ealing, Barnet and more.
            </p>
            <Link className={styles.cta} to={paths.products.getHref()}>
              Browse the Larder mall
            </Link>
          </div>
          <ul className={styles.aisles} aria-hidden="true">
            {AISLES.map((Icon, index) => (
              <li key={index} className={styles.aisle}>
                <Icon size={40} strokeWidth={1.75} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className={styles.notice} aria-label="About this preview">
        <p>
          This page arrives with the storefront issue: search, the carousel, category tiles, best-rated
          products and more. Until then, every category is linked at the foot of the page.
        </p>
      </section>
    </>
  )
}
