import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { getAuditLog, type AuditEntry } from '../api/backoffice-api'
import styles from '../backoffice.module.css'
import { BackOfficeTable, type Column } from '../components/back-office-table'

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

const columns: Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => when(entry.at) },
  { header: 'Who', cell: (entry) => entry.actorLogin },
  { header: 'What', cell: (entry) => `${entry.action} ${entry.entityType} ${entry.entityId}` },
  { header: 'Changes', cell: changes },
]

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
      <BackOfficeTable
        label="Back-office changes, newest first"
        columns={columns}
        rows={log.data}
        rowKey={(entry) => entry.id}
        loading={log.isPending}
        error={log.isError ? 'The audit log could not be loaded.' : null}
        empty="No changes yet."
        paging={{
          page: pages.length - 1,
          hasNext: older !== undefined,
          onPage: (page) =>
            setPages((list) => (page < list.length - 1 ? list.slice(0, page + 1) : [...list, older])),
          previousLabel: 'Newer changes',
          nextLabel: 'Older changes',
        }}
      />
    </div>
  )
}
