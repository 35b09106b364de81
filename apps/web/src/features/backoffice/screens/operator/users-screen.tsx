import { useQuery, useQueryClient } from '@tanstack/react-query'
import { operatorMessages, UsersQuerySchema, type AdminUser } from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../../../lib/api-client'
import { findUsers, sendResetLink, setUserDisabled } from '../../api/operator-api'
import styles from '../../backoffice.module.css'
import { NoticeBox, TableFrame, TextInput, type Notice } from '../../components/form-bits'

const roleNames: Record<string, string> = {
  ROLE_CUSTOMER: 'Customer',
  ROLE_VENDOR: 'Shop staff',
  ROLE_ADMIN: 'Operator',
}

/** Accounts: find by e-mail or login, disable or enable, send a password reset link. */
export function UsersScreen() {
  const id = useId()
  const queryClient = useQueryClient()
  const [text, setText] = useState('')
  const [query, setQuery] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)
  const users = useQuery({
    queryKey: ['backoffice', 'admin-users', query],
    queryFn: ({ signal }) => findUsers(query ?? '', signal),
    enabled: query !== null,
  })

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = UsersQuerySchema.safeParse({ q: text })
    if (!checked.success) {
      setError(checked.error.issues[0]?.message)
      return
    }
    setError(undefined)
    setQuery(checked.data.q)
  }

  async function act(user: AdminUser, work: () => Promise<unknown>, done: string) {
    setBusyId(user.id)
    try {
      await work()
      setNotice({ tone: 'success', text: done })
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'admin-users'] })
    } catch (failure) {
      setNotice({
        tone: 'error',
        text:
          failure instanceof ApiError && failure.fromServer
            ? failure.message
            : 'The change could not be saved. Please try again.',
      })
    } finally {
      setBusyId(null)
    }
  }

  return (
    <div className={styles.panel}>
      <h2>Users</h2>
      <NoticeBox notice={notice} />
      <form className={styles.form} noValidate role="search" onSubmit={search}>
        <TextInput
          id={`${id}-q`}
          label="E-mail address or login"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error}
        />
        <div className={styles.actions}>
          <button type="submit" className="button-primary">
            Find
          </button>
        </div>
      </form>
      {users.isFetching && <p role="status">Searching…</p>}
      {users.isError && <p role="alert">The search failed. Please try again.</p>}
      {users.data && users.data.length === 0 && <p role="status">No account matches.</p>}
      {users.data && users.data.length > 0 && (
        <TableFrame label="Accounts found">
          <table className={styles.table}>
            <caption className="visually-hidden">Accounts whose e-mail or login matches</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Login</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user.id}>
                  <td>{user.email}</td>
                  <td>{user.login}</td>
                  <td>{user.roles.map((role) => roleNames[role] ?? role).join(', ')}</td>
                  <td>{user.disabledAt === null ? 'Active' : 'Disabled'}</td>
                  <td>
                    <span className={styles.actions}>
                      <button
                        type="button"
                        className="button-secondary"
                        disabled={busyId === user.id}
                        aria-label={`${user.disabledAt === null ? 'Disable' : 'Enable'} ${user.email}`}
                        onClick={() =>
                          void act(
                            user,
                            () => setUserDisabled(user.id, user.disabledAt === null),
                            `${user.email} is ${user.disabledAt === null ? 'disabled: signed out everywhere' : 'enabled'}.`,
                          )
                        }
                      >
                        {user.disabledAt === null ? 'Disable' : 'Enable'}
                      </button>
                      <button
                        type="button"
                        className="button-secondary"
                        disabled={busyId === user.id}
                        aria-label={`Send a reset link to ${user.email}`}
                        onClick={() =>
                          void act(
                            user,
                            () => sendResetLink(user.id),
                            `${operatorMessages.resetLinkSent} (${user.email})`,
                          )
                        }
                      >
                        Send reset link
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  )
}
