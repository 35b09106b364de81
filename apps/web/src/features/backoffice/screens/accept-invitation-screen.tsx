import { useQuery } from '@tanstack/react-query'
import { AcceptInvitationSchema, backOfficeMessages } from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { useDocumentTitle } from '../../../framework/page/document-title'
import { Link, useSearchParams } from '../../../framework/routing/router'
import { ApiError } from '../../../lib/api-client'
import { logout, readToken } from '../../../lib/session'
import { acceptInvitation, getInvitation } from '../api/backoffice-api'
import styles from '../backoffice.module.css'
import { firstErrors, NoticeBox, TextInput, type Notice } from '../components/form-bits'

/** /accept-invitation?key=…: who was invited, to what, and the password they choose; the link works once. */
export function AcceptInvitationScreen() {
  useDocumentTitle('Accept your invitation')
  const id = useId()
  const [params] = useSearchParams()
  const key = params.get('key') ?? ''
  const info = useQuery({
    queryKey: ['invitation', key],
    queryFn: ({ signal }) => getInvitation(key, signal),
    enabled: key.length >= 10,
    retry: false,
  })
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = AcceptInvitationSchema.safeParse({ key, newPassword: password })
    const found = checked.success ? {} : firstErrors(checked.error.issues)
    if (checked.success && password !== confirm)
      found.confirm = 'The password and its confirmation do not match!'
    if (Object.keys(found).length > 0) {
      setErrors(found)
      const form = event.currentTarget
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await acceptInvitation(key, password)
      // Whoever was logged in on this browser is not the new member.
      if (readToken() !== null) logout()
      setDone(true)
    } catch (error) {
      setNotice({
        tone: 'error',
        text: error instanceof ApiError && error.fromServer ? error.message : 'Please try again.',
      })
    } finally {
      setBusy(false)
    }
  }

  const next = info.data?.role === 'ROLE_ADMIN' ? '/admin' : '/vendor'
  return (
    <div className={styles.message}>
      <h1 className={styles.title}>Accept your invitation</h1>
      {(key.length < 10 || info.isError) && (
        <p role="alert" className={`${styles.alert} ${styles.alertError}`}>
          {backOfficeMessages.invitationInvalid}
        </p>
      )}
      {info.isPending && key.length >= 10 && <p role="status">Loading…</p>}
      {done && (
        <div>
          <NoticeBox notice={{ tone: 'success', text: backOfficeMessages.invitationAccepted }} />
          <p>
            <Link className="button-primary" to={`/login?next=${encodeURIComponent(next)}`}>
              Log in
            </Link>
          </p>
        </div>
      )}
      {info.data && !done && (
        <>
          <p>
            {info.data.firstName ? `Hello ${info.data.firstName}. ` : ''}You are invited to join{' '}
            {info.data.shopName ? `the staff of ${info.data.shopName}` : 'Larder’s operators'} as{' '}
            <strong>{info.data.email}</strong>. Choose your password to start.
          </p>
          <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
            <NoticeBox notice={notice} />
            <TextInput
              id={`${id}-password`}
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="Use 6 to 50 characters."
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.newPassword}
            />
            <TextInput
              id={`${id}-confirm`}
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              error={errors.confirm}
            />
            <div className={styles.actions}>
              <button type="submit" className="button-primary" disabled={busy}>
                {busy ? 'Saving…' : 'Set my password'}
              </button>
            </div>
          </form>
        </>
      )}
    </div>
  )
}
