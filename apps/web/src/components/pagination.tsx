import { lastPage, paginationWindow } from '@larder/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import styles from './pagination.module.css'

export interface PaginationProps {
  /** Zero-based current page: Previous is off on the first, Next on the last. */
  page: number
  total: number
  size: number
  /** Called with the zero-based page to show. */
  onChange: (page: number) => void
}

/** At most five page numbers around the current one, '...' where more follow, Previous and Next. */
export function Pagination({ page, total, size, onChange }: PaginationProps) {
  const pageCount = lastPage(total, size)
  if (pageCount <= 1) return null
  const current = Math.min(Math.max(0, page), pageCount - 1)
  const isFirst = current === 0
  const isLast = current === pageCount - 1

  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <button
        type="button"
        className={`${styles.button} ${styles.step}`}
        disabled={isFirst}
        onClick={() => onChange(current - 1)}
      >
        <ChevronLeft aria-hidden="true" size={18} />
        Previous
      </button>
      <ul className={styles.pages}>
        {paginationWindow(current, pageCount).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              ...
            </li>
          ) : (
            <li key={number}>
              <button
                type="button"
                className={number === current ? `${styles.button} ${styles.current}` : styles.button}
                aria-current={number === current ? 'page' : undefined}
                aria-label={`Page ${number + 1} of ${pageCount}`}
                onClick={() => number !== current && onChange(number)}
              >
                {number + 1}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={`${styles.button} ${styles.step}`}
        disabled={isLast}
        onClick={() => onChange(current + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" size={18} />
      </button>
    </nav>
  )
}
