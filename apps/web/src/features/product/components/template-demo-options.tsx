import { Minus, Plus, RotateCcw, ShieldCheck, ShoppingBag, Star, Truck } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import styles from './product-template.module.css'

// The rest of this page is the bakery template's static demo content and does nothing.
// Every control is disabled, so it can't look like an order was placed.
const FLAVOURS = ['Sponge', 'Pumpkin', 'Velvet'] as const

export function DemoRating() {
  return (
    <p className={styles.rating}>
      <span className={styles.stars} aria-hidden="true">
        {Array.from({ length: 5 }, (_, index) => (
          <Star key={index} size={18} fill="currentColor" />
        ))}
      </span>
      <span>Five-star rating (example)</span>
    </p>
  )
}

export function DemoOptions({ productId }: { productId: number }) {
  return (
    <div className={styles.demo}>
      <p className={styles.demoLabel}>Example options: this layout is a preview and doesn’t take orders.</p>
      <fieldset disabled className={styles.demoFields}>
        <fieldset className={styles.flavours}>
          <legend className={styles.legend}>Flavor</legend>
          {FLAVOURS.map((flavour, index) => (
            <label key={flavour} className={styles.flavour}>
              <input type="radio" name="demo-flavour" value={flavour} defaultChecked={index === 0} />
              {flavour}
            </label>
          ))}
        </fieldset>
        <div className={styles.quantityRow}>
          <div className={styles.quantity}>
            <button type="button" aria-label="Decrease quantity">
              <Minus aria-hidden="true" size={16} />
            </button>
            <label className="visually-hidden" htmlFor="demo-quantity">
              Quantity
            </label>
            <input id="demo-quantity" type="number" defaultValue={1} min={1} readOnly />
            <button type="button" aria-label="Increase quantity">
              <Plus aria-hidden="true" size={16} />
            </button>
          </div>
          <button type="button" className={styles.demoAdd}>
            <ShoppingBag aria-hidden="true" size={18} />
            Add to cart
          </button>
        </div>
      </fieldset>
      <p className={styles.realLink}>
        To buy it, go to the <Link to={paths.productDetail.getHref(productId)}>product page</Link>.
      </p>
    </div>
  )
}

export function DemoPromises() {
  return (
    <section className={styles.promises} aria-labelledby="demo-promises-heading">
      <h2 id="demo-promises-heading" className="visually-hidden">
        Delivery and returns (example text)
      </h2>
      <ul className={styles.promiseList}>
        <li>
          <Truck aria-hidden="true" size={22} />
          <span>
            <strong>Free shipping over £250</strong>
            <span className={styles.promiseNote}>Example text from the page template</span>
          </span>
        </li>
        <li>
          <RotateCcw aria-hidden="true" size={22} />
          <span>
            <strong>Returns within 14 days</strong>
            <span className={styles.promiseNote}>
              Example text; our <Link to={paths.refundPolicy.getHref()}>refund policy</Link> has the real
              terms
            </span>
          </span>
        </li>
        <li>
          <ShieldCheck aria-hidden="true" size={22} />
          <span>
            <strong>Secure payment</strong>
            <span className={styles.promiseNote}>Card payments through a hosted payment page</span>
          </span>
        </li>
      </ul>
    </section>
  )
}
