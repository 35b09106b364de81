import { lastPage, paginationWindow } from '@larder/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { MouseEvent, ReactNode } from 'react'
import styles from './pagination.module.css'

export interface PaginationProps {
  /** Zero-based current page: Previous is off on the first, Next on the last. */
  page: number
  total: number
  size: number
  /** Called with the zero-based page to show. */
  onChange: (page: number) => void
  /**
   * The address of each (zero-based) page. With it the controls are links, which work before the page's
   * code has come, with scripts off, and for crawlers, which reach every page through them; a click
   * with the code there stays in the app (`onChange`). Without it (a page only the browser renders)
   * they are buttons.
   */
  hrefFor?: (page: number) => string
}

/** A click the app handles itself: not one that opens a new tab or window. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

function Control({
  target,
  disabled = false,
  className,
  label,
  current = false,
  onChange,
  hrefFor,
  children,
}: {
  target: number
  disabled?: boolean
  className: string | undefined
  label?: string
  current?: boolean
  onChange: (page: number) => void
  hrefFor: PaginationProps['hrefFor']
  children: ReactNode
}) {
  if (hrefFor === undefined)
    return (
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        onClick={() => !current && onChange(target)}
      >
        {children}
      </button>
    )
  if (disabled)
    return (
      <span className={`${className ?? ''} ${styles.disabled ?? ''}`} aria-disabled="true">
        {children}
      </span>
    )
  return (
    <a
      href={hrefFor(target)}
      className={className}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (!plainClick(event)) return
        event.preventDefault()
        if (!current) onChange(target)
      }}
    >
      {children}
    </a>
  )
}

/** At most five page numbers around the current one, '...' where more follow, Previous and Next. */
export function Pagination({ page, total, size, onChange, hrefFor }: PaginationProps) {
  const pageCount = lastPage(total, size)
  if (pageCount <= 1) return null
  const current = Math.min(Math.max(0, page), pageCount - 1)
  const isFirst = current === 0
  const isLast = current === pageCount - 1
  const shared = { onChange, hrefFor }

  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <Control
        {...shared}
        target={current - 1}
        disabled={isFirst}
        className={`${styles.button} ${styles.step}`}
      >
        <ChevronLeft aria-hidden="true" size={18} />
        Previous
      </Control>
      <ul className={styles.pages}>
        {paginationWindow(current, pageCount).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              ...
            </li>
          ) : (
            <li key={number}>
              <Control
                {...shared}
                target={number}
                current={number === current}
                className={number === current ? `${styles.button} ${styles.current}` : styles.button}
                label={`Page ${number + 1} of ${pageCount}`}
              >
                {number + 1}
              </Control>
            </li>
          ),
        )}
      </ul>
      <Control
        {...shared}
        target={current + 1}
        disabled={isLast}
        className={`${styles.button} ${styles.step}`}
      >
        Next
        <ChevronRight aria-hidden="true" size={18} />
      </Control>
    </nav>
  )
}
