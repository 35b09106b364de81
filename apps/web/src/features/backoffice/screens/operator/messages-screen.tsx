import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminMessage } from '@larder/shared'
import { useId, useState } from 'react'
import { getMessages, setMessageHandled } from '../../api/operator-api'
import styles from '../../backoffice.module.css'
import { BackOfficeTable, pageCountOf, type Column } from '../../components/back-office-table'
import { type Notice, NoticeBox, serverMessage } from '../../components/form-bits'
import { FRESH_ON_OPEN } from '../../api/query-options'

const PAGE_SIZE = 20
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  })

type Status = 'all' | 'waiting' | 'handled'

/** The contact form's messages, newest first, 20 a page; each marked handled or back to waiting. */
export function MessagesScreen() {
  const id = useId()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(0)
  const [status, setStatus] = useState<Status>('waiting')
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busyId, setBusyId] = useState<number | null>(null)
  const messages = useQuery({
    queryKey: ['backoffice', 'admin-messages', status, page],
    queryFn: ({ signal }) => getMessages({ page, status }, signal),
    ...FRESH_ON_OPEN,
  })
  const total = messages.data?.total ?? 0

  async function mark(item: AdminMessage, handled: boolean) {
    setBusyId(item.id)
    try {
      await setMessageHandled(item.id, handled)
      setNotice({
        tone: 'success',
        text: `${handled ? 'Marked handled' : 'Marked waiting'}: the message from ${item.email || item.phone || item.name}.`,
      })
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'admin-messages'] })
    } catch (error) {
      setNotice({ tone: 'error', text: serverMessage(error, 'The change could not be saved.') })
    } finally {
      setBusyId(null)
    }
  }

  const columns: Column<AdminMessage>[] = [
    {
      header: 'From',
      cell: (item) => (
        <>
          <strong>{item.name || 'No name'}</strong>
          {/* A message may give only a phone number to reply on: no empty e-mail link then. */}
          {item.email && (
            <>
              <br />
              <a href={`mailto:${item.email}`}>{item.email}</a>
            </>
          )}
          {item.phone && (
            <>
              <br />
              {item.phone}
            </>
          )}
        </>
      ),
    },
    { header: 'Received', cell: (item) => when(item.createdAt) },
    { header: 'Message', cell: (item) => <span className={styles.messageText}>{item.message}</span> },
    {
      header: 'State',
      cell: (item) => (item.handledAt ? `Handled ${when(item.handledAt)}` : 'Waiting'),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (item) => (
        <button
          type="button"
          className="button-secondary"
          disabled={busyId === item.id}
          aria-label={`${item.handledAt === null ? 'Mark handled' : 'Mark waiting'}: the message from ${item.email}`}
          onClick={() => void mark(item, item.handledAt === null)}
        >
          {item.handledAt === null ? 'Mark handled' : 'Mark waiting'}
        </button>
      ),
    },
  ]

  return (
    <div className={styles.panel}>
      <h2>Contact messages</h2>
      <NoticeBox notice={notice} />
      <BackOfficeTable
        label="Messages, newest first"
        filters={
          <div className={`${styles.field} ${styles.narrowField}`}>
            <label className={styles.label} htmlFor={`${id}-status`}>
              Show
            </label>
            <select
              id={`${id}-status`}
              className={styles.input}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as Status)
                setPage(0)
              }}
            >
              <option value="waiting">Waiting</option>
              <option value="handled">Handled</option>
              <option value="all">All</option>
            </select>
          </div>
        }
        columns={columns}
        rows={messages.data?.items}
        rowKey={(item) => item.id}
        loading={messages.isPending}
        error={messages.isError ? 'The messages could not be loaded.' : null}
        empty="No messages here."
        paging={{
          page,
          pageCount: pageCountOf(total, PAGE_SIZE),
          onPage: setPage,
          previousLabel: 'Newer',
          nextLabel: 'Older',
          note: `(${total} messages)`,
        }}
      />
    </div>
  )
}
