import type { ReactNode } from 'react'
import styles from '../backoffice.module.css'
import { TableFrame } from './form-bits'
import own from './back-office-table.module.css'

export interface Column<Row> {
  /** The column's name: its header, and the label of its cell on a phone's card. */
  header: string
  /** The header is read by screen readers but not shown (a column of buttons). */
  hideHeader?: boolean
  cell: (row: Row) => ReactNode
}

/**
 * Paging under the table. `pageCount` is left out when the end is unknown (paging by the last row seen);
 * `hasNext` then says whether there is more.
 */
export interface Paging {
  page: number
  pageCount?: number
  hasNext?: boolean
  onPage: (page: number) => void
  previousLabel?: string
  nextLabel?: string
  /** After "Page 2 of 5": "(48 messages)". */
  note?: string
}

interface BackOfficeTableProps<Row> {
  /** The table's name: its caption and its scrolling frame's label. */
  label: string
  columns: readonly Column<Row>[]
  /** Undefined while loading or after a failed load. */
  rows: readonly Row[] | undefined
  rowKey: (row: Row) => string | number
  /** The filter form or controls above the table. */
  filters?: ReactNode
  loading?: boolean
  /** Why the rows could not be loaded. */
  error?: string | null | undefined
  /** What an empty list says ("No account matches."). */
  empty: string
  /** A line above the table, read out when it changes ("12 orders"). */
  summary?: string | undefined
  paging?: Paging | undefined
}

/**
 * The operator's list screens' one table: filters, loading and error states, the rows, an empty state and
 * paging. Each row is a card on a phone (the cells labelled with their column's name) and a table on wider
 * screens, in a frame that keyboard users can scroll (WCAG 2.1.1). Buttons in the cells are ordinary
 * buttons, so the table is worked by keyboard like the rest of the page.
 */
export function BackOfficeTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  filters,
  loading = false,
  error,
  empty,
  summary,
  paging,
}: BackOfficeTableProps<Row>) {
  return (
    <div className={own.list}>
      {filters}
      {loading && <p role="status">Loading…</p>}
      {error && <p role="alert">{error}</p>}
      {summary !== undefined && (
        <p className={own.summary} role="status">
          {summary}
        </p>
      )}
      {rows && rows.length === 0 && <p role="status">{empty}</p>}
      {rows && rows.length > 0 && (
        <TableFrame label={label}>
          {/* The roles are the elements' own, written out: a phone's cards change the elements' display,
              after which some browsers no longer expose them as a table. */}
          <table className={`${styles.table} ${own.cards}`} role="table">
            <caption className="visually-hidden">{label}</caption>
            <thead role="rowgroup">
              <tr role="row">
                {columns.map((column) => (
                  <th key={column.header} scope="col" role="columnheader">
                    {column.hideHeader ? (
                      <span className="visually-hidden">{column.header}</span>
                    ) : (
                      column.header
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map((row) => (
                <tr key={rowKey(row)} role="row">
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      role="cell"
                      className={column.hideHeader ? own.unlabelled : undefined}
                    >
                      {!column.hideHeader && (
                        <span className={own.cellLabel} aria-hidden="true">
                          {column.header}
                        </span>
                      )}
                      <span>{column.cell(row)}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {paging && <Pages paging={paging} />}
    </div>
  )
}

/** Previous / next with where the reader is; nothing when everything fits on one page. */
function Pages({ paging }: { paging: Paging }) {
  const { page, pageCount, onPage, note } = paging
  const hasNext = pageCount === undefined ? (paging.hasNext ?? false) : page + 1 < pageCount
  if (page === 0 && !hasNext) return null
  return (
    <nav className={own.paging} aria-label="Pages">
      <button
        type="button"
        className="button-secondary"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        {paging.previousLabel ?? 'Previous'}
      </button>
      <span>
        Page {page + 1}
        {pageCount === undefined ? '' : ` of ${pageCount}`}
        {note ? ` ${note}` : ''}
      </span>
      <button type="button" className="button-secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {paging.nextLabel ?? 'Next'}
      </button>
    </nav>
  )
}

/** How many pages `total` rows make at `size` a page (at least one). */
export const pageCountOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size))
