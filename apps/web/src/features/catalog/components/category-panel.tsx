import type { Category } from '@larder/shared'
import { ChevronDown, ListFilter, RotateCw } from 'lucide-react'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { useCategories, visibleCategories } from '../api/get-categories'
import styles from './category-panel.module.css'

export interface CategoryPanelProps {
  /** The category levels of the current listing, URL-decoded; empty for all products, a search or a shop. */
  current: readonly string[]
}

interface OpenState {
  /** The one open level-1 category: opening another closes it (spec, product listing details). */
  top: string | null
  /** Open level-2 categories as 'level1/level2'; each toggles on its own. */
  subs: ReadonlySet<string>
}

const subKey = (l1: string, l2: string) => `${l1}/${l2}`

function openFor(current: readonly string[]): OpenState {
  const [l1, l2] = current
  return { top: l1 ?? null, subs: new Set(l1 !== undefined && l2 !== undefined ? [subKey(l1, l2)] : []) }
}

const isCurrent = (current: readonly string[], levels: readonly string[]) =>
  current.length === levels.length && levels.every((level, index) => current[index] === level)

const named = (categories: readonly Category[]) => visibleCategories(categories)

/** The category tree beside the listing; on narrow screens it folds away behind a "Categories" button. */
export function CategoryPanel({ current }: CategoryPanelProps) {
  const { data, isPending, isError, refetch } = useCategories()
  const [open, setOpen] = useState<OpenState>(() => openFor(current))
  const [shownOnPhone, setShownOnPhone] = useState(false)
  const panelId = useId()
  const currentKey = current.join('/')
  const [seenKey, setSeenKey] = useState(currentKey)

  // Following a link (here, a tile, the back button) opens the branch that now applies; on a phone the
  // folded panel closes again, so the chosen category's products come into view.
  if (seenKey !== currentKey) {
    setSeenKey(currentKey)
    setOpen(openFor(current))
    setShownOnPhone(false)
  }

  const toggleTop = (l1: string) =>
    setOpen((state) => ({ top: state.top === l1 ? null : l1, subs: new Set() }))

  const toggleSub = (key: string) =>
    setOpen((state) => {
      const subs = new Set(state.subs)
      if (subs.has(key)) subs.delete(key)
      else subs.add(key)
      return { ...state, subs }
    })

  const linkClass = (levels: readonly string[]) =>
    isCurrent(current, levels) ? `${styles.link} ${styles.current}` : styles.link

  const link = (levels: [string, ...string[]], label: string) => (
    <Link
      to={paths.productCategory.getHref(...levels)}
      className={linkClass(levels)}
      aria-current={isCurrent(current, levels) ? 'page' : undefined}
    >
      {label}
    </Link>
  )

  const toggle = (expanded: boolean, label: string, controls: string, onToggle: () => void) => (
    <button
      type="button"
      className={styles.toggle}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
    >
      <ChevronDown aria-hidden="true" size={18} className={styles.chevron} />
      <span className="visually-hidden">{label}</span>
    </button>
  )

  const renderLevel3 = (l1: string, l2: Category, id: string) => (
    <ul id={id} className={styles.level3}>
      {named(l2.subCategory).map((l3) => (
        <li key={l3.categoryName}>{link([l1, l2.categoryName, l3.categoryName], l3.categoryName)}</li>
      ))}
    </ul>
  )

  const renderLevel2 = (l1: Category, id: string) => (
    <ul id={id} className={styles.level2}>
      {named(l1.subCategory).map((l2) => {
        const key = subKey(l1.categoryName, l2.categoryName)
        const children = named(l2.subCategory)
        const expanded = open.subs.has(key)
        const childId = `${id}-${l2.categoryName.replace(/\W+/g, '-')}`
        return (
          <li key={l2.categoryName}>
            <div className={styles.row}>
              {link([l1.categoryName, l2.categoryName], l2.categoryName)}
              {children.length > 0 &&
                toggle(expanded, `${l2.categoryName} subcategories`, childId, () => toggleSub(key))}
            </div>
            {children.length > 0 && expanded && renderLevel3(l1.categoryName, l2, childId)}
          </li>
        )
      })}
    </ul>
  )

  let body
  if (isPending) {
    body = (
      <ul className={styles.skeleton} aria-hidden="true">
        {Array.from({ length: 7 }, (_, index) => (
          <li key={index} />
        ))}
      </ul>
    )
  } else if (isError) {
    body = (
      <div className={styles.error} role="alert">
        <p>Categories are unavailable just now.</p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          <RotateCw aria-hidden="true" size={16} />
          Try again
        </button>
      </div>
    )
  } else {
    body = (
      <ul className={styles.level1}>
        <li>
          <div className={styles.row}>
            <Link
              to={paths.products.getHref()}
              className={current.length === 0 ? `${styles.link} ${styles.current}` : styles.link}
            >
              All products
            </Link>
          </div>
        </li>
        {named(data).map((l1) => {
          const expanded = open.top === l1.categoryName
          const childId = `${panelId}-${l1.categoryName.replace(/\W+/g, '-')}`
          const children = named(l1.subCategory)
          return (
            <li key={l1.categoryName}>
              <div className={styles.row}>
                {link([l1.categoryName], l1.categoryName)}
                {children.length > 0 &&
                  toggle(expanded, `${l1.categoryName} subcategories`, childId, () =>
                    toggleTop(l1.categoryName),
                  )}
              </div>
              {children.length > 0 && expanded && renderLevel2(l1, childId)}
            </li>
          )
        })}
      </ul>
    )
  }

  const phoneToggle = useRef<HTMLAnchorElement>(null)
  // useId's `:r1:` is not a valid fragment selector for :target in every browser; letters only.
  const treeId = `categories-tree-${panelId.replace(/[^A-Za-z0-9]/g, '')}`
  // The unfolded panel covers the products on a phone; Escape folds it and returns to its button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !shownOnPhone) return
    setShownOnPhone(false)
    phoneToggle.current?.focus()
  }

  return (
    <nav className={styles.panel} aria-label="Categories" onKeyDown={closeOnEscape}>
      {/* A link to the tree, so that with scripts off it unfolds (CSS :target); with them, a button. */}
      <a
        ref={phoneToggle}
        href={`#${treeId}`}
        role="button"
        className={styles.phoneToggle}
        aria-expanded={shownOnPhone}
        aria-controls={treeId}
        onClick={(event) => {
          event.preventDefault()
          setShownOnPhone((shown) => !shown)
        }}
        onKeyDown={(event) => {
          // A button answers the space bar too.
          if (event.key !== ' ') return
          event.preventDefault()
          setShownOnPhone((shown) => !shown)
        }}
      >
        <ListFilter aria-hidden="true" size={18} />
        Categories
        <ChevronDown aria-hidden="true" size={18} className={styles.chevron} />
      </a>
      <h2 className={styles.title}>Categories</h2>
      <div id={treeId} className={styles.tree} data-shown-on-phone={shownOnPhone}>
        {body}
      </div>
    </nav>
  )
}
