import { RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import styles from './notice.module.css'

/**
 * A part of a page whose data could not be fetched, in its place, with a button to fetch it again. Only
 * for a first fetch: fetched again, the query is pending, so its skeleton takes this place until it
 * answers; a failed refetch of data already shown keeps that data instead.
 */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className={styles.notice} role="alert">
      <p>{children}</p>
      <button type="button" className="button-primary" onClick={onRetry}>
        <RotateCw aria-hidden="true" size={18} />
        Try again
      </button>
    </div>
  )
}
