import type { PriceFilter } from '../use-listing-query'
import styles from './filter-buttons.module.css'

/** Spec, product listing details: 1 = all, 2 = free only, 3 = non-free only. */
const OPTIONS: readonly { value: PriceFilter; param: string; label: string }[] = [
  { value: 'all', param: '', label: 'All' },
  { value: 'free', param: 'free', label: 'Free' },
  { value: 'paid', param: 'paid', label: 'Non-free' },
]

/**
 * The price filter. It is a GET form of the listing's address: with scripts off (or before the page's
 * code has come) a button submits `?filter=…` with the listing's other parameters, and the server renders
 * the filtered listing from the first page; with scripts on the page changes in place.
 */
export function FilterButtons({
  value,
  onChange,
  action,
  keep = {},
}: {
  value: PriceFilter
  onChange: (value: PriceFilter) => void
  /** The listing's path, which the form submits to. */
  action?: string
  /** The listing's other parameters, carried through a submission (blank ones are left out). */
  keep?: Record<string, string>
}) {
  return (
    // The buttons' group is a div inside the form: a form may not take the group role (ARIA in HTML).
    <form method="get" action={action} className={styles.form}>
      <div className={styles.group} role="group" aria-label="Show">
        {Object.entries(keep)
          .filter(([, kept]) => kept !== '')
          .map(([name, kept]) => (
            <input key={name} type="hidden" name={name} value={kept} />
          ))}
        {OPTIONS.map((option) => (
          <button
            key={option.value}
            type="submit"
            name="filter"
            value={option.param}
            className={styles.button}
            aria-pressed={value === option.value}
            onClick={(event) => {
              event.preventDefault()
              if (value !== option.value) onChange(option.value)
            }}
          >
            {option.label}
          </button>
        ))}
      </div>
    </form>
  )
}
