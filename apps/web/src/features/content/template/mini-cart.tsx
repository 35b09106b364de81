import { ShoppingBag, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { cartCount, cartSubtotalCents, formatDemoEuros, type DemoCartLine } from './demo-data'
import styles from './template.module.css'
import { TemplateDialog } from './template-dialog'

interface MiniCartProps {
  open: boolean
  onClose: () => void
  lines: readonly DemoCartLine[]
  onRemove: (id: string) => void
  onRestore: () => void
}

/**
 * The template's sample mini cart: static demo lines, not the shopper's real cart. Its
 * checkout stays disabled until the terms box is ticked, then leads to the
 * real cart page.
 */
export function MiniCart({ open, onClose, lines, onRemove, onRestore }: MiniCartProps) {
  const [agreed, setAgreed] = useState(false)
  const navigate = useNavigate()
  const count = cartCount(lines)

  const checkout = () => {
    onClose()
    navigate(paths.cart.getHref())
  }

  return (
    <TemplateDialog open={open} onClose={onClose} title="Your cart" placement="right">
      {lines.length === 0 ? (
        <div className={styles.emptyCart}>
          <ShoppingBag aria-hidden="true" size={48} className={styles.emptyIcon} />
          <p>No products in the cart.</p>
          <Link
            to={paths.products.getHref()}
            className={`button-primary ${styles.primaryButton}`}
            onClick={onClose}
          >
            Continue shopping
          </Link>
          <button type="button" className={styles.textButton} onClick={onRestore}>
            Show the sample cart again
          </button>
        </div>
      ) : (
        <div className={styles.cart}>
          <p className={styles.cartCount}>
            {count} {count === 1 ? 'product' : 'products'}
          </p>
          <ul className={styles.cartLines}>
            {lines.map((line) => (
              <li key={line.id} className={styles.cartLine}>
                <img src={line.image} alt="" width={64} height={64} loading="lazy" />
                <div>
                  <p className={styles.lineName}>{line.name}</p>
                  <p className={styles.muted}>{line.detail}</p>
                  <p>
                    {line.qty} × {formatDemoEuros(line.priceCents)}
                  </p>
                </div>
                <button type="button" className={styles.iconButton} onClick={() => onRemove(line.id)}>
                  <Trash2 aria-hidden="true" size={18} />
                  <span className="visually-hidden">Remove {line.name}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className={styles.subtotal}>
            <span>Subtotal</span>
            <strong>{formatDemoEuros(cartSubtotalCents(lines))}</strong>
          </p>
          <p className={styles.muted}>Free shipping over £250 and returns within 14 days.</p>
          <div className={styles.terms}>
            <input
              id="mini-cart-terms"
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
            />
            <div>
              <label htmlFor="mini-cart-terms">I have read and agree with the terms &amp; condition.</label>{' '}
              <Link to={paths.terms.getHref()} onClick={onClose}>
                Read the terms
              </Link>
            </div>
          </div>
          <div className={styles.cartActions}>
            <Link to={paths.cart.getHref()} className="button-secondary" onClick={onClose}>
              View cart
            </Link>
            <button
              type="button"
              className={`button-primary ${styles.primaryButton}`}
              disabled={!agreed}
              onClick={checkout}
            >
              Checkout
            </button>
          </div>
        </div>
      )}
    </TemplateDialog>
  )
}
