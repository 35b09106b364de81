import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ApiError } from '../../../../lib/api-client'
import { getMessages, setMessageHandled } from '../../api/operator-api'
import styles from '../../backoffice.module.css'
import { NoticeBox, type Notice } from '../../components/form-bits'

const PAGE_SIZE = 20
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  })

/** The contact form's messages, newest first, 20 a page; each marked handled or back to waiting. */
export function MessagesScreen() {
  const id = useId()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(0)
  const [status, setStatus] = useState<'all' | 'waiting' | 'handled'>('waiting')
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busyId, setBusyId] = useState<number | null>(null)
  const messages = useQuery({
    queryKey: ['backoffice', 'admin-messages', status, page],
    queryFn: ({ signal }) => getMessages({ page, status }, signal),
  })
  const total = messages.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))

  async function mark(messageId: number, handled: boolean) {
    setBusyId(messageId)
    try {
      await setMessageHandled(messageId, handled)
      setNotice({ tone: 'success', text: handled ? 'Marked handled.' : 'Marked waiting.' })
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'admin-messages'] })
    } catch (error) {
      setNotice({
        tone: 'error',
        text:
          error instanceof ApiError && error.fromServer ? error.message : 'The change could not be saved.',
      })
    } finally {
      setBusyId(null)
    }
  }

  return (
    <div className={styles.panel}>
      <h2>Contact messages</h2>
      <NoticeBox notice={notice} />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-status`}>
          Show
        </label>
        <select
          id={`${id}-status`}
          className={styles.input}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as typeof status)
            setPage(0)
          }}
        >
          <option value="waiting">Waiting</option>
          <option value="handled">Handled</option>
          <option value="all">All</option>
        </select>
      </div>
      {messages.isPending && <p role="status">Loading…</p>}
      {messages.isError && <p role="alert">The messages could not be loaded.</p>}
      {messages.data && messages.data.items.length === 0 && <p>No messages here.</p>}
      <ol className={styles.form} aria-label="Messages, newest first">
        {messages.data?.items.map((item) => (
          <li key={item.id} className={styles.message}>
            <p>
              <strong>{item.name || 'No name'}</strong> · <a href={`mailto:${item.email}`}>{item.email}</a>
              {item.phone && <> · {item.phone}</>}
              <br />
              <span className={styles.muted}>
                {when(item.createdAt)}
                {item.handledAt ? ` · handled ${when(item.handledAt)}` : ' · waiting'}
              </span>
            </p>
            <p style={{ whiteSpace: 'pre-wrap' }}>{item.message}</p>
            <button
              type="button"
              className="button-secondary"
              disabled={busyId === item.id}
              onClick={() => void mark(item.id, item.handledAt === null)}
            >
              {item.handledAt === null ? 'Mark handled' : 'Mark waiting'}
            </button>
          </li>
        ))}
      </ol>
      <p className={styles.actions}>
        <button
          type="button"
          className="button-secondary"
          disabled={page === 0}
          onClick={() => setPage(page - 1)}
        >
          Newer
        </button>
        <span>
          Page {page + 1} of {pages} ({total} messages)
        </span>
        <button
          type="button"
          className="button-secondary"
          disabled={page + 1 >= pages}
          onClick={() => setPage(page + 1)}
        >
          Older
        </button>
      </p>
    </div>
  )
}
