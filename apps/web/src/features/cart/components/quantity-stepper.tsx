import { Minus, Plus } from 'lucide-react'
import styles from './quantity-stepper.module.css'

interface QuantityStepperProps {
  productName: string
  qty: number
  /** The stock known for the line; plus stops there (lines never exceed the stock shown). */
  max: number | undefined
  onDecrease: () => void
  onIncrease: () => void
  /** The cart page stops at 1; the side panel lets minus take the line out. */
  canDecrease: boolean
  size?: 'sm' | 'md'
  className?: string
}

export function QuantityStepper({
  productName,
  qty,
  max,
  onDecrease,
  onIncrease,
  canDecrease,
  size = 'md',
  className,
}: QuantityStepperProps) {
  const atMax = max !== undefined && qty >= max
  // aria-disabled rather than disabled: a button that disabled itself under the keyboard would drop the
  // focus to the page's start, so a shopper stepping down to 1 would lose their place.
  return (
    <div
      className={[styles.stepper, styles[size], className].filter(Boolean).join(' ')}
      role="group"
      aria-label={`Quantity of ${productName}`}
    >
      <button
        type="button"
        className={styles.step}
        onClick={canDecrease ? onDecrease : undefined}
        aria-disabled={!canDecrease}
        aria-label={`Decrease quantity of ${productName}`}
      >
        <Minus aria-hidden="true" size={16} />
      </button>
      <output className={styles.qty} aria-live="polite">
        {qty}
      </output>
      <button
        type="button"
        className={styles.step}
        onClick={atMax ? undefined : onIncrease}
        aria-disabled={atMax}
        aria-label={`Increase quantity of ${productName}`}
        title={atMax ? 'That is all the stock there is' : undefined}
      >
        <Plus aria-hidden="true" size={16} />
      </button>
    </div>
  )
}
