import { formatPounds, fulfilmentLabels, type ShopOrder } from '@larder/shared'
import styles from './orders.module.css'

export const money = (pounds: number) => formatPounds(pounds)

export const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/London',
      })
    : '—'

export function addressLines(delivery: ShopOrder['delivery']): string {
  return [
    `${delivery.firstName} ${delivery.lastName}`.trim(),
    delivery.address,
    delivery.city,
    delivery.state,
    delivery.postCode,
    delivery.country,
  ]
    .filter((part) => part.trim() !== '')
    .join('\n')
}

export function FulfilmentBadge({ status }: { status: ShopOrder['status'] }) {
  return <span className={styles.status}>{fulfilmentLabels[status]}</span>
}

/** Previous / next under a paged list, with where the reader is. */
export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number
  total: number
  size: number
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / size))
  if (pages <= 1) return null
  return (
    <nav className={styles.pager} aria-label="Pages">
      <button
        type="button"
        className="button-secondary"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span>
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        className="button-secondary"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
