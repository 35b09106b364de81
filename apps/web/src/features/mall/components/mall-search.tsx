import { Search } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import styles from '../mall-page.module.css'

/** Search waits 300 ms after the last key. */
export const MALL_SEARCH_DEBOUNCE_MS = 300

interface MallSearchProps {
  /** The search in the URL, which the results follow. */
  value: string
  onSearch: (text: string) => void
}

/** Narrows the free items by the start of a word in their name as the shopper types. */
export function MallSearch({ value, onSearch }: MallSearchProps) {
  const id = useId()
  const [text, setText] = useState(value)
  const debounced = useDebouncedValue(text.trim(), MALL_SEARCH_DEBOUNCE_MS)
  // Kept in refs so the effect below runs only when the typed text settles, not on every URL change.
  const latest = useRef({ value, onSearch })
  useEffect(() => {
    latest.current = { value, onSearch }
  })

  // The search this box last sent: when the URL arrives at it, the shopper may have typed on meanwhile.
  const [sent, setSent] = useState<string | null>(null)
  useEffect(() => {
    if (debounced === latest.current.value) return
    setSent(debounced)
    latest.current.onSearch(debounced)
  }, [debounced])

  // Back and forward change the URL under the box: show what the results are for.
  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    setShownValue(value)
    setSent(null)
    if (value !== sent && value !== text.trim()) setText(value)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim() === value) return
    setSent(text.trim())
    onSearch(text.trim())
  }

  return (
    <form role="search" className={styles.field} onSubmit={submit}>
      <label htmlFor={id} className={styles.label}>
        Search free items
      </label>
      <div className={styles.searchInput}>
        <Search aria-hidden="true" size={18} className={styles.searchIcon} />
        <input
          id={id}
          type="search"
          className={styles.input}
          value={text}
          placeholder="e.g. buns"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </form>
  )
}
