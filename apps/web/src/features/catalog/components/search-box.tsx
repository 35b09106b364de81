import { highlightName, MAX_TERM_LENGTH } from '@larder/shared'
import { Search } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useNavigate } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { useSuggestions } from '../api/get-suggestions'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { ProductImage } from '../../../components/product-image'
import styles from './search-box.module.css'

export const SEARCH_DEBOUNCE_MS = 300

export interface SearchBoxProps {
  initialValue?: string
  autoFocus?: boolean
  /** Called when the shopper empties the box, so a results page can go back to the full listing. */
  onClear?: () => void
  /** The typed text once the typing has paused ('' while the box is blank): what the suggestions are for. */
  onQueryChange?: (query: string) => void
  /**
   * The listing the box searches in (its path): moving to another category or shop starts the box again,
   * so text typed and never searched for does not follow the shopper there.
   */
  listing?: string
}

/**
 * The search bar with up to five suggestions (debounced; blank text asks for none), following the WAI-ARIA
 * combobox pattern: arrows move through the list, Enter chooses, Escape or a click elsewhere closes it.
 */
export function SearchBox({
  initialValue = '',
  autoFocus = false,
  onClear,
  onQueryChange,
  listing = '',
}: SearchBoxProps) {
  const navigate = useNavigate()
  const [text, setText] = useState(initialValue)
  // Only typing asks for suggestions: a results page's prefilled text must not open a list by itself.
  const [typed, setTyped] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const debounced = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS)
  const query = text.trim() === '' ? '' : debounced

  // Another search in the URL (a submit, the back button) or another listing starts the box again. Not by
  // remounting it with a key: the shopper who empties a results page's box would lose the focus with it.
  const [shown, setShown] = useState({ value: initialValue, listing })
  if (shown.value !== initialValue || shown.listing !== listing) {
    setShown({ value: initialValue, listing })
    setText(initialValue)
    setTyped('')
    setOpen(false)
    setActive(-1)
  }

  // From an effect because the pause that settles the text is a timer, not an event.
  useEffect(() => {
    onQueryChange?.(query)
  }, [query, onQueryChange])
  const suggestions = useSuggestions(debounced)
  const container = useRef<HTMLFormElement>(null)
  const listId = useId()
  const inputId = useId()

  // Spec: an empty value clears the suggestions, and the list never outlives the text it was for.
  const items = open && query !== '' ? (suggestions.data ?? []) : []
  const expanded = items.length > 0
  // Said once the answer for this text is in: "no suggestions" is news, not the same as still loading.
  const answered = open && query !== '' && suggestions.data !== undefined && !suggestions.isFetching
  let suggestionsAnnouncement = ''
  if (expanded)
    suggestionsAnnouncement = `${items.length} suggestion${items.length === 1 ? '' : 's'} available`
  else if (answered) suggestionsAnnouncement = 'No suggestions'

  useEffect(() => {
    if (!open) return
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) return
      setOpen(false)
    }
    document.addEventListener('pointerdown', closeOnOutsidePointer)
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer)
  }, [open])

  const close = () => {
    setOpen(false)
    setActive(-1)
  }

  const choose = (id: number) => {
    close()
    setText('')
    setTyped('')
    navigate(paths.productDetail.getHref(id))
  }

  const onChange = (value: string) => {
    setText(value)
    setTyped(value)
    setOpen(true)
    setActive(-1)
    if (value.trim() === '' && text.trim() !== '') onClear?.()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (expanded) event.preventDefault()
      close()
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    if (!expanded) {
      setOpen(true)
      return
    }
    event.preventDefault()
    const last = items.length - 1
    if (event.key === 'ArrowDown') setActive((index) => (index < last ? index + 1 : 0))
    else setActive((index) => (index > 0 ? index - 1 : last))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const chosen = expanded && active >= 0 ? items[active] : undefined
    if (chosen) {
      choose(chosen.id)
      return
    }
    const query = text.trim()
    if (query === '') {
      console.warn('Search ignored: the search text is empty')
      return
    }
    close()
    navigate(paths.products.getHref(query))
  }

  const activeItem = expanded && active >= 0 ? items[active] : undefined

  return (
    <form
      ref={container}
      role="search"
      // Without JavaScript the form still searches: the server renders the results page.
      action={paths.products.getHref()}
      method="get"
      className={styles.search}
      onSubmit={onSubmit}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          close()
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <div className={styles.field}>
        <Search aria-hidden="true" size={20} className={styles.icon} />
        <input
          id={inputId}
          name="search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeItem ? `${listId}-${activeItem.id}` : undefined}
          autoComplete="off"
          maxLength={MAX_TERM_LENGTH}
          placeholder="Search products…"
          className={styles.input}
          value={text}
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
        />
        <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.list} hidden={!expanded}>
          {items.map((product, index) => (
            <li
              key={product.id}
              id={`${listId}-${product.id}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? `${styles.option} ${styles.active}` : styles.option}
              // Keeps focus in the input, so the blur handler doesn't close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(product.id)}
            >
              <ProductImage src={product.images[0]} alt="" width={36} className={styles.thumb} />
              {/* The matched part is shown in bold; the name is read whole, not in pieces. */}
              <span className={styles.optionName} aria-hidden="true">
                {highlightName(product.productName, query).map((part, i) =>
                  part.match ? (
                    <mark key={i} className={styles.match}>
                      {part.text}
                    </mark>
                  ) : (
                    part.text
                  ),
                )}
              </span>
              <span className="visually-hidden">{product.productName}</span>
              <span className={styles.optionShop}>{product.vendorCompanyName}</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className={`button-primary ${styles.button}`}>
        Search
      </button>
      <p className="visually-hidden" aria-live="polite">
        {suggestionsAnnouncement}
      </p>
    </form>
  )
}
