import { Eye, Menu, Search, ShoppingBag } from 'lucide-react'
import { cartCount, DEMO_PRODUCTS, formatDemoEuros } from './demo-data'
import styles from './template.module.css'
import type { BakeryTemplate } from './use-bakery-template'

/** The template header's buttons: the menu drawer, the search modal and the sample mini cart. */
export function TemplateToolbar({ template }: { template: BakeryTemplate }) {
  const count = cartCount(template.lines)
  return (
    <div className={styles.toolbar} role="group" aria-label="Bakery tools">
      <button
        type="button"
        className={styles.toolButton}
        aria-label="Bakery menu"
        onClick={() => template.open('menu')}
      >
        <Menu aria-hidden="true" size={20} />
        Menu
      </button>
      <button type="button" className={styles.toolButton} onClick={() => template.open('search')}>
        <Search aria-hidden="true" size={20} />
        Search
      </button>
      <button
        type="button"
        className={styles.toolButton}
        aria-label={`Cart, ${count} items`}
        onClick={() => template.open('cart')}
      >
        <span className={styles.iconWithBadge}>
          <ShoppingBag aria-hidden="true" size={20} />
          {count > 0 && (
            <span className={styles.badge} aria-hidden="true">
              {count}
            </span>
          )}
        </span>
        Cart
      </button>
    </div>
  )
}

/** Sample bakes from the template, each with a quick-view button. */
export function BakeryShowcase({ template }: { template: BakeryTemplate }) {
  return (
    <section className={styles.showcase} aria-labelledby="bakery-showcase">
      <div className={styles.showcaseHeader}>
        <h2 id="bakery-showcase" className={styles.sectionHeading}>
          From the bakery counter
        </h2>
        <p className={styles.muted}>Sample bakes from our template shop window.</p>
      </div>
      <ul className={styles.showcaseList}>
        {DEMO_PRODUCTS.map((product) => {
          const image = product.images[0]
          return (
            <li key={product.id} className={styles.showcaseCard}>
              {image && <img src={image.src} alt={image.alt} width={512} height={512} loading="lazy" />}
              <div className={styles.showcaseText}>
                <h3 className={styles.cardTitle}>{product.name}</h3>
                <p className={styles.prices}>
                  <span className={styles.price}>{formatDemoEuros(product.priceCents)}</span>
                  <s className={styles.oldPrice}>
                    <span className="visually-hidden">Was </span>
                    {formatDemoEuros(product.oldPriceCents)}
                  </s>
                </p>
                <button
                  type="button"
                  className={`button-secondary ${styles.showcaseButton}`}
                  aria-label={`Quick view: ${product.name}`}
                  onClick={() => template.openQuickView(product)}
                >
                  <Eye aria-hidden="true" size={18} />
                  Quick view
                </button>
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
