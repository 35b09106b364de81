import { MAX_TERM_LENGTH } from '@larder/shared'
import { ChevronDown, Store } from 'lucide-react'
import { useId, useState } from 'react'
import field from '../../../styles/field.module.css'
import { useShops } from '../../shops'
import styles from './shop-filters.module.css'

/** The shop-town field suggests at most ten towns. */
export const TOWN_SUGGESTIONS = 10

// Plain comparisons, not localeCompare with a locale: that builds an ICU collator on every call, and the
// filter's first render cost 38 ms of main thread on a throttled phone. Shop and town names are plain
// English words, for which case-insensitive code-point order is the alphabetical one.
const fold = (text: string) => text.toLowerCase()
const byName = (a: string, b: string) => (fold(a) < fold(b) ? -1 : fold(a) > fold(b) ? 1 : 0)
const same = (a: string, b: string) => fold(a) === fold(b)

/** The towns that start with what was typed, at most ten. */
export function townSuggestions(towns: readonly string[], typed: string): string[] {
  const prefix = fold(typed.trim())
  return towns.filter((town) => fold(town).startsWith(prefix)).slice(0, TOWN_SUGGESTIONS)
}

/**
 * What the town field says under it, in agreement with what the listing shows: a town in the address
 * (`?town=Kenton`) that no shop is in lists nothing, and says so; a town being typed that matches none
 * leaves the applied town's products on screen, and says which.
 */
export function townNote(towns: readonly string[], typed: string, town: string, suggestions: number): string {
  if (towns.length === 0) return ''
  const applied = town === '' || towns.some((candidate) => same(candidate, town))
  if (!applied)
    return `No shop is in “${town}”, so no products are listed. Clear the town to see every shop’s.`
  if (typed.trim() === '' || suggestions > 0) return ''
  const still = town === '' ? '' : ` Still showing ${town}.`
  return `No shop is in a town starting with “${typed.trim()}”.${still}`
}

/**
 * Shoppers filter by the shop's town and the shop's name. The town is typed with
 * suggestions and applies once it names a town with a shop (or is cleared); the shop is picked from the list.
 * Folded away unless a filter is on, so that on a phone the products stay near the top of the page.
 */
export function ShopFilters({
  town,
  shop,
  onTownChange,
  onShopChange,
}: {
  town: string
  shop: string
  onTownChange: (town: string) => void
  onShopChange: (shop: string) => void
}) {
  const id = useId()
  const shops = useShops().data ?? []
  const towns = [...new Set(shops.map((entry) => entry.city).filter((city) => city.trim() !== ''))].sort(
    byName,
  )
  // Once a town applies, only its shops are offered: a shop elsewhere would list nothing.
  const names = shops
    .filter((entry) => town === '' || same(entry.city, town))
    .map((entry) => entry.companyName)
    .sort(byName)
  // A shared link may name a shop the list no longer has: it stays a choice, so the select shows it.
  if (shop !== '' && !names.some((name) => same(name, shop))) names.unshift(shop)
  const [typed, setTyped] = useState(town)
  // The town in the URL can change without typing here (back button, a link): the field follows it.
  const [shownTown, setShownTown] = useState(town)
  if (town !== shownTown) {
    setShownTown(town)
    setTyped(town)
  }
  const suggestions = townSuggestions(towns, typed)
  const active = (town === '' ? 0 : 1) + (shop === '' ? 0 : 1)
  // Only the first render decides: from then on the shopper opens and closes it.
  const [openAtFirst] = useState(active > 0)

  const type = (value: string) => {
    setTyped(value)
    if (value.trim() === '') return onTownChange('')
    const match = towns.find((candidate) => same(candidate, value.trim()))
    if (match !== undefined && !same(match, town)) onTownChange(match)
  }

  return (
    <details className={styles.filters} open={openAtFirst}>
      <summary className={styles.summary}>
        <Store aria-hidden="true" size={18} />
        Filter by shop
        {active > 0 && <span className={styles.count}>({active} on)</span>}
        <ChevronDown aria-hidden="true" size={18} className={styles.chevron} />
      </summary>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-town`} className={styles.label}>
            Shop’s town
          </label>
          <input
            id={`${id}-town`}
            className={`${field.control} ${styles.input}`}
            type="search"
            list={`${id}-towns`}
            autoComplete="off"
            maxLength={MAX_TERM_LENGTH}
            placeholder="Any town"
            value={typed}
            onChange={(event) => type(event.target.value)}
            aria-describedby={`${id}-town-note`}
          />
          <datalist id={`${id}-towns`}>
            {suggestions.map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
          <p id={`${id}-town-note`} className={styles.note} aria-live="polite">
            {townNote(towns, typed, town, suggestions.length)}
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-shop`} className={styles.label}>
            Shop
          </label>
          <select
            id={`${id}-shop`}
            className={`${field.control} ${styles.input}`}
            value={names.find((name) => same(name, shop)) ?? ''}
            onChange={(event) => onShopChange(event.target.value)}
          >
            <option value="">All shops</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </details>
  )
}
