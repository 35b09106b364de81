import type { Product } from '@larder/shared'
import { ShoppingBasket } from '../../components/shopping-basket-icon'
import { useEffect, useId, useState } from 'react'
import { useDeliveryCity } from '../delivery'
import { hasBothIds, registerCartProduct } from './api/register-cart-product'
import { useCart } from './cart-store'
import styles from './add-to-cart-button.module.css'

const ANNOUNCEMENT_MS = 3000

/** Why the button is off, or null when it works. Order matters: a shopper can fix the town, not the stock. */
function blockedReason(product: Product, city: string | null, canAddToCart: boolean, inCart: number) {
  if (product.qty < 1) return 'None left in stock'
  if (city === null) return 'Choose your delivery town first'
  if (!canAddToCart) return 'We do not deliver outside our towns yet'
  if (inCart >= product.qty) return 'All the stock is in your cart'
  return null
}

/** A product card's button (ProductCard's `action`, ProductGrid's `cardAction`): Add to Cart. */
export function addToCartAction(product: Product, className: string | undefined) {
  return <AddToCartButton product={product} className={className} />
}

/**
 * Disabled until a delivery town (not 'Other') is chosen, and when nothing is left.
 * aria-disabled rather than disabled keeps the button focusable, so keyboard users can read the reason.
 */
export function AddToCartButton({ product, className }: { product: Product; className?: string }) {
  const { city, canAddToCart } = useDeliveryCity()
  const { items, add } = useCart()
  const reasonId = useId()
  const [announcement, setAnnouncement] = useState('')
  const [registering, setRegistering] = useState(false)
  const inCart = items.find((item) => item.id === product.id)?.qty ?? 0
  const reason = blockedReason(product, city, canAddToCart, inCart)

  useEffect(() => {
    if (announcement === '') return
    const timer = window.setTimeout(() => setAnnouncement(''), ANNOUNCEMENT_MS)
    return () => window.clearTimeout(timer)
  }, [announcement])

  // Registered with the payment provider first; only both ids let the line in, with them.
  const addRegistered = async () => {
    setRegistering(true)
    try {
      const ids = await registerCartProduct(product.id)
      if (!hasBothIds(ids)) throw new Error(`No provider ids for product ${product.id}`)
      const { stripeProductId, stripePriceIds } = ids
      if (add({ ...product, stripeProductId, stripePriceIds })) setAnnouncement('Added to cart')
    } catch (error) {
      console.error('Could not register the product with the payment provider', error)
      window.alert('Failed to add product to cart')
    } finally {
      setRegistering(false)
    }
  }

  const onClick = () => {
    // A touch screen has no hover, so a tap on a blocked button says why instead.
    if (reason !== null) {
      setAnnouncement(reason)
      return
    }
    // A second click while the first is registering would add the product twice.
    if (registering) return
    void addRegistered()
  }

  return (
    <div
      className={className ? `${styles.wrapper} ${className}` : styles.wrapper}
      data-announcing={announcement !== '' ? '' : undefined}
    >
      <button
        type="button"
        className={`button-primary ${styles.button}`}
        // A page lists twenty of these: each says which product it adds, after the words it shows.
        aria-label={`Add to Cart: ${product.productName}`}
        aria-disabled={reason !== null}
        aria-describedby={reason !== null ? reasonId : undefined}
        aria-busy={registering}
        onClick={onClick}
      >
        <ShoppingBasket aria-hidden="true" size={18} className={styles.icon} />
        Add to Cart
      </button>
      {reason !== null && (
        <span id={reasonId} role="tooltip" className={styles.reason}>
          {reason}
        </span>
      )}
      <span className={styles.announcement} aria-live="polite">
        {announcement}
      </span>
    </div>
  )
}
