import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { getAuditLog, type AuditEntry } from '../api/backoffice-api'
import styles from '../backoffice.module.css'
import { TableFrame } from '../components/form-bits'

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  })

/** The fields a change touched, `name: before → after`, for the table's last column. */
function changes(entry: AuditEntry): string {
  const before = (entry.before ?? {}) as Record<string, unknown>
  const after = (entry.after ?? {}) as Record<string, unknown>
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
  return changed
    .map((key) =>
      entry.before === null
        ? `${key}: ${JSON.stringify(after[key])}`
        : `${key}: ${JSON.stringify(before[key])} → ${JSON.stringify(after[key])}`,
    )
    .join('; ')
}

/** Every back-office change, newest first: who, when, what, before and after. */
export function AuditLogScreen() {
  // Pages by the oldest id seen so far: [undefined] is the newest page, each later one is older.
  const [pages, setPages] = useState<(number | undefined)[]>([undefined])
  const before = pages[pages.length - 1]
  const log = useQuery({
    queryKey: ['backoffice', 'audit-log', before],
    queryFn: ({ signal }) => getAuditLog({ before }, signal),
  })
  const entries = log.data ?? []
  const older = entries.length === 50 ? entries[entries.length - 1]?.id : undefined
  return (
    <div className={styles.panel}>
      <h2>Audit log</h2>
      {log.isPending && <p role="status">Loading…</p>}
      {log.isError && <p role="alert">The audit log could not be loaded.</p>}
      {log.data && entries.length === 0 && <p>No changes yet.</p>}
      {entries.length > 0 && (
        <TableFrame label="Back-office changes">
          <table className={styles.table}>
            <caption className="visually-hidden">Back-office changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.at)}</td>
                  <td>{entry.actorLogin}</td>
                  <td>
                    {entry.action} {entry.entityType} {entry.entityId}
                  </td>
                  <td>{changes(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <p className={styles.actions}>
        {pages.length > 1 && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => setPages((list) => list.slice(0, -1))}
          >
            Newer changes
          </button>
        )}
        {older !== undefined && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => setPages((list) => [...list, older])}
          >
            Older changes
          </button>
        )}
      </p>
    </div>
  )
}
