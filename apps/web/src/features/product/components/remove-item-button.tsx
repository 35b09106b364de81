import { Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useCart } from '../../cart'
import styles from './product-detail.module.css'

const ANNOUNCEMENT_MS = 3000

/** Spec, product detail: 'Remove Item' takes the product's whole line out of the cart. */
export function RemoveItemButton({ productId }: { productId: number }) {
  const { items, remove } = useCart()
  const inCart = items.some((item) => item.id === productId)
  const [announcement, setAnnouncement] = useState('')

  useEffect(() => {
    if (announcement === '') return
    const timer = window.setTimeout(() => setAnnouncement(''), ANNOUNCEMENT_MS)
    return () => window.clearTimeout(timer)
  }, [announcement])

  return (
    <div className={styles.removeWrapper}>
      <button
        type="button"
        className={styles.remove}
        // aria-disabled, not disabled: the button turns itself off when used, and a disabled button would
        // drop the keyboard focus to the page's start.
        aria-disabled={!inCart}
        title={inCart ? undefined : 'This item is not in your cart'}
        onClick={() => {
          if (!inCart) return
          remove(productId)
          setAnnouncement('Removed from cart')
        }}
      >
        <Trash2 aria-hidden="true" size={18} />
        Remove Item
      </button>
      <span className={styles.announcement} aria-live="polite">
        {announcement}
      </span>
    </div>
  )
}
