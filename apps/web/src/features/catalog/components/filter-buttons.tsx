import type { PriceFilter } from '../use-listing-query'
import styles from './filter-buttons.module.css'

/** Spec, product listing details: 1 = all, 2 = free only, 3 = non-free only. */
const OPTIONS: readonly { value: PriceFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Non-free' },
]

export function FilterButtons({
  value,
  onChange,
}: {
  value: PriceFilter
  onChange: (value: PriceFilter) => void
}) {
  return (
    <div className={styles.group} role="group" aria-label="Show">
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.button}
          aria-pressed={value === option.value}
          onClick={() => value !== option.value && onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
