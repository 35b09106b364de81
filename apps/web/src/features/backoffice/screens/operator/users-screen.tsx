import { useQuery, useQueryClient } from '@tanstack/react-query'
import { operatorMessages, type AdminUser } from '@larder/shared'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { lazyZodResolver, usePreloadedResolver } from '../../../../lib/lazy-zod-resolver'
import { findUsers, sendResetLink, setUserDisabled } from '../../api/operator-api'
import styles from '../../backoffice.module.css'
import { BackOfficeTable, type Column } from '../../components/back-office-table'
import { type Notice, NoticeBox, serverMessage } from '../../components/form-bits'
import { SubmitButton, TextField } from '../../components/form-fields'

// The search's own schema (GET /api/admin/users?q=), loaded lazily.
const resolver = lazyZodResolver(() => import('../../form-schemas').then((m) => m.UsersQuerySchema))

const roleNames: Record<string, string> = {
  ROLE_CUSTOMER: 'Customer',
  ROLE_VENDOR: 'Shop staff',
  ROLE_ADMIN: 'Operator',
}

/** Accounts: find by e-mail or login, disable or enable, send a password reset link. */
export function UsersScreen() {
  const queryClient = useQueryClient()
  const [query, setQuery] = useState<string | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)
  const users = useQuery({
    queryKey: ['backoffice', 'admin-users', query],
    queryFn: ({ signal }) => findUsers(query ?? '', signal),
    enabled: query !== null,
  })
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { q: '' } })
  const preloadRules = usePreloadedResolver(resolver)
  const search = handleSubmit((values) => setQuery(values.q))

  async function act(user: AdminUser, work: () => Promise<unknown>, done: string) {
    setBusyId(user.id)
    try {
      await work()
      setNotice({ tone: 'success', text: done })
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'admin-users'] })
    } catch (failure) {
      setNotice({
        tone: 'error',
        text: serverMessage(failure, 'The change could not be saved. Please try again.'),
      })
    } finally {
      setBusyId(null)
    }
  }

  const columns: Column<AdminUser>[] = [
    { header: 'E-mail', cell: (user) => user.email },
    { header: 'Login', cell: (user) => user.login },
    { header: 'Role', cell: (user) => user.roles.map((role) => roleNames[role] ?? role).join(', ') },
    { header: 'State', cell: (user) => (user.disabledAt === null ? 'Active' : 'Disabled') },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (user) => (
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
      ),
    },
  ]

  return (
    <div className={styles.panel}>
      <h2>Users</h2>
      <NoticeBox notice={notice} />
      <BackOfficeTable
        label="Accounts found"
        filters={
          <form
            className={styles.form}
            noValidate
            role="search"
            aria-label="Find accounts"
            onSubmit={(event) => void search(event)}
            onFocus={preloadRules}
          >
            <TextField
              label="E-mail address or login"
              type="search"
              register={register('q')}
              error={errors.q?.message}
            />
            <div className={styles.actions}>
              <SubmitButton busy={users.isFetching} busyLabel="Finding…">
                Find
              </SubmitButton>
            </div>
          </form>
        }
        columns={columns}
        rows={users.data}
        rowKey={(user) => user.id}
        loading={users.isFetching}
        error={users.isError ? 'The search failed. Please try again.' : null}
        empty="No account matches."
      />
    </div>
  )
}
