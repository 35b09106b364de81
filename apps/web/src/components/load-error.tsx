import { RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import styles from './notice.module.css'

export interface LoadErrorProps {
  /** What could not be loaded, as a sentence: "We could not load the aisles." */
  children: ReactNode
  onRetry: () => void
  /** While the fetch it asked for runs, the button says so and cannot be pressed again. */
  retrying?: boolean
}

/** A part of a page whose data could not be fetched, in its place, with a button to fetch it again. */
export function LoadError({ children, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <div className={styles.notice} role="alert">
      <p>{children}</p>
      <button type="button" className={styles.action} onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" size={18} />
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  )
}
