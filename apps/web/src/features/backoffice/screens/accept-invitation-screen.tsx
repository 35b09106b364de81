import { useQuery } from '@tanstack/react-query'
import { backOfficeMessages } from '@larder/shared'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useDocumentTitle } from '../../../framework/page/document-title'
import { Link, useSearchParams } from '../../../framework/routing/router'
import { lazyZodResolver, usePreloadedResolver } from '../../../lib/lazy-zod-resolver'
import { logout, readToken } from '../../../lib/session'
import { acceptInvitation, getInvitation } from '../api/backoffice-api'
import styles from '../backoffice.module.css'
import { type Notice, NoticeBox, serverMessage } from '../components/form-bits'
import { setServerFieldErrors, SubmitButton, TextField } from '../components/form-fields'

// The request's schema and the password typed twice (form-schemas.ts), loaded lazily.
const resolver = lazyZodResolver(() => import('../form-schemas').then((m) => m.AcceptInvitationFormSchema))

/** /accept-invitation?key=…: who was invited, to what, and the password they choose; the link works once. */
export function AcceptInvitationScreen() {
  useDocumentTitle('Accept your invitation')
  const [params] = useSearchParams()
  const key = params.get('key') ?? ''
  const info = useQuery({
    queryKey: ['invitation', key],
    queryFn: ({ signal }) => getInvitation(key, signal),
    enabled: key.length >= 10,
    retry: false,
  })
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { key, newPassword: '', confirm: '' } })
  const preloadRules = usePreloadedResolver(resolver)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [done, setDone] = useState(false)

  const submit = handleSubmit(async (values) => {
    try {
      await acceptInvitation(values.key, values.newPassword)
      // Whoever was logged in on this browser is not the new member.
      if (readToken() !== null) logout()
      setDone(true)
    } catch (error) {
      setServerFieldErrors(error, setError)
      setNotice({ tone: 'error', text: serverMessage(error, 'Please try again.') })
    }
  })

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
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => void submit(event)}
            onFocus={preloadRules}
          >
            <NoticeBox notice={notice} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="Use 6 to 50 characters."
              register={register('newPassword')}
              error={errors.newPassword?.message}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              register={register('confirm')}
              error={errors.confirm?.message}
            />
            <div className={styles.actions}>
              <SubmitButton busy={isSubmitting}>Set my password</SubmitButton>
            </div>
          </form>
        </>
      )}
    </div>
  )
}
