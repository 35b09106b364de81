import { Minus, Plus, ShoppingCart, Star } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { FLAVOURS, formatDemoEuros, type DemoProduct, type Flavour } from './demo-data'
import styles from './template.module.css'
import { TemplateDialog } from './template-dialog'

interface QuickViewProps {
  open: boolean
  onClose: () => void
  product: DemoProduct
}

function Gallery({ product }: { product: DemoProduct }) {
  const [selected, setSelected] = useState(0)
  const main = product.images[selected] ?? product.images[0]
  return (
    <div className={styles.gallery}>
      {main && <img src={main.src} alt={main.alt} width={512} height={512} className={styles.galleryMain} />}
      <ul className={styles.thumbnails} aria-label="Pictures">
        {product.images.map((image, index) => (
          <li key={image.src}>
            <button
              type="button"
              className={styles.thumbnail}
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
            >
              <img src={image.src} alt="" width={64} height={64} loading="lazy" />
              <span className="visually-hidden">
                Show picture {index + 1} of {product.images.length}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The details and the demo order controls; remounted per opening so each starts at 1 × Sponge. */
function QuickViewBody({ product }: { product: DemoProduct }) {
  const [flavour, setFlavour] = useState<Flavour>('Sponge')
  const [qty, setQty] = useState(1)
  const [added, setAdded] = useState<string | null>(null)

  const addToCart = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Template content: nothing is ordered, so say so rather than pretend.
    setAdded(
      `${qty} × ${product.name} (${flavour}) is a template product and not for sale: nothing was added to your cart.`,
    )
  }

  return (
    <div className={styles.quickView}>
      <Gallery product={product} />
      <form className={styles.quickDetails} onSubmit={addToCart}>
        <p className={styles.rating}>
          {Array.from({ length: 5 }, (_, index) => (
            <Star key={index} aria-hidden="true" size={18} className={styles.star} />
          ))}
          <span className="visually-hidden">Rated 5 out of 5</span>
        </p>
        <p className={styles.prices}>
          <span className={styles.price}>{formatDemoEuros(product.priceCents)}</span>
          <s className={styles.oldPrice}>
            <span className="visually-hidden">Was </span>
            {formatDemoEuros(product.oldPriceCents)}
          </s>
        </p>
        <p>{product.description}</p>
        <fieldset className={styles.flavours}>
          <legend>Flavor</legend>
          {FLAVOURS.map((option) => (
            <label key={option} className={styles.flavour}>
              <input
                type="radio"
                name="flavour"
                value={option}
                checked={flavour === option}
                onChange={() => setFlavour(option)}
              />
              <span>{option}</span>
            </label>
          ))}
        </fieldset>
        <div className={styles.orderRow}>
          <div className={styles.quantity}>
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => setQty((value) => Math.max(1, value - 1))}
              disabled={qty <= 1}
            >
              <Minus aria-hidden="true" size={16} />
              <span className="visually-hidden">Decrease quantity</span>
            </button>
            <label htmlFor="quick-view-qty" className="visually-hidden">
              Quantity
            </label>
            <input
              id="quick-view-qty"
              type="number"
              inputMode="numeric"
              min={1}
              value={qty}
              onChange={(event) => setQty(Math.max(1, Math.floor(Number(event.target.value)) || 1))}
              className={styles.qtyInput}
            />
            <button type="button" className={styles.iconButton} onClick={() => setQty((value) => value + 1)}>
              <Plus aria-hidden="true" size={16} />
              <span className="visually-hidden">Increase quantity</span>
            </button>
          </div>
          <button type="submit" className={`button-primary ${styles.primaryButton}`}>
            <ShoppingCart aria-hidden="true" size={18} />
            Add to cart
          </button>
        </div>
        <p role="status" className={styles.added}>
          {added}
        </p>
      </form>
    </div>
  )
}

/** The template's quick-view modal: static demo product, fixed flavour options. */
export function QuickView({ open, onClose, product }: QuickViewProps) {
  return (
    <TemplateDialog open={open} onClose={onClose} title={product.name}>
      {open && <QuickViewBody key={product.id} product={product} />}
    </TemplateDialog>
  )
}
