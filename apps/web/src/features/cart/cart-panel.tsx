import { X } from 'lucide-react'
import { ShoppingBasket } from '../../components/shopping-basket-icon'
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { Link, useLocation } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { loadPage } from '../../lib/browser-location'
import { PanelLine } from './components/panel-line'
import styles from './cart-panel.module.css'
import { itemCount, formatPence, subtotalPence } from './cart-totals'
import { useCart } from './cart-store'
import { keepTabInside } from '../../lib/focus-trap'

interface CartPanelProps {
  open: boolean
  onClose: () => void
}

/**
 * Spec, cart side panel: a drawer on a native modal `<dialog>`, so the page behind is inert and Escape
 * closes it. Tab wraps inside it by hand, as the browser would otherwise let focus out to its toolbar.
 * ITEMS and SUBTOTAL are written in sentence case and upper-cased in CSS, so screen readers say words.
 */
export function CartPanel({ open, onClose }: CartPanelProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const { items, increase, decrease, remove } = useCart()
  const { pathname } = useLocation()
  const openedAt = useRef(pathname)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      if (typeof element.showModal === 'function') element.showModal()
      else element.setAttribute('open', '')
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close()
      else element.removeAttribute('open')
      returnFocus.current?.focus()
    }
  }, [open])

  // A link inside the panel (a product picture) leaves the page the panel was opened on, so it closes.
  useEffect(() => {
    if (open && pathname !== openedAt.current) onClose()
    openedAt.current = pathname
  }, [open, pathname, onClose])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
      return
    }
    if (dialog.current) keepTabInside(event, dialog.current)
  }

  // The drawer fills the dialog element, so a click on the element itself landed on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose()
  }

  // A line that disappears takes the focused button with it; the heading is a calm place to land.
  const keepFocus = () => heading.current?.focus()

  // Spec: Check out closes the panel, goes to /cart-page and reloads the page.
  const checkOut = () => {
    onClose()
    loadPage(paths.cart.getHref())
  }

  const count = itemCount(items)
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onClose={onClose}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
            <ShoppingBasket aria-hidden="true" size={22} />
            Your cart
          </h2>
          <button type="button" className={styles.close} onClick={onClose} data-autofocus>
            <X aria-hidden="true" size={22} />
            <span className="visually-hidden">Close cart</span>
          </button>
        </header>
        {items.length === 0 ? (
          <div className={styles.empty}>
            <p>Your cart is empty.</p>
            <Link to={paths.products.getHref()} className="button-primary" onClick={onClose}>
              Browse products
            </Link>
          </div>
        ) : (
          <ul className={styles.lines} aria-label="Items in your cart">
            {items.map((item) => (
              <PanelLine
                key={item.id}
                item={item}
                onIncrease={() => increase(item.id)}
                onDecrease={() => {
                  if (item.qty === 1) keepFocus()
                  decrease(item.id, { removeAtZero: true })
                }}
                onRemove={() => {
                  keepFocus()
                  remove(item.id)
                }}
              />
            ))}
          </ul>
        )}
        <footer className={styles.footer}>
          <dl className={styles.summary}>
            <div>
              <dt>Items</dt>
              <dd>{count}</dd>
            </div>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatPence(subtotalPence(items))}</dd>
            </div>
          </dl>
          <button
            type="button"
            className={`button-primary ${styles.checkout}`}
            onClick={checkOut}
            disabled={items.length === 0}
          >
            Check out
          </button>
        </footer>
      </div>
    </dialog>
  )
}
