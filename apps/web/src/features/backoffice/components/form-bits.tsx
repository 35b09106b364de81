import type { ReactNode } from 'react'
import { ApiError } from '../../../lib/api-client'
import styles from '../backoffice.module.css'

export interface Notice {
  tone: 'success' | 'error'
  text: string
}

/** The message after an action; the live region is always there, so a message that arrives is read out. */
export function NoticeBox({ notice }: { notice: Notice | null }) {
  return (
    <div aria-live="polite">
      {notice && (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`${styles.alert} ${notice.tone === 'error' ? styles.alertError : styles.alertSuccess}`}
        >
          {notice.text}
        </p>
      )}
    </div>
  )
}

/** The server's reason when it gave one, the caller's words when the server could not be reached. */
export const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.fromServer ? error.message : fallback

/**
 * A table's frame that scrolls sideways on a narrow screen: focusable and named, so keyboard users can
 * scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
