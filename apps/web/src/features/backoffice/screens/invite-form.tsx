import { VendorInvitationSchema, type InvitationSent } from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../../lib/api-client'
import styles from '../backoffice.module.css'
import { firstErrors, NoticeBox, TextInput, type Notice } from '../components/form-bits'

export interface InviteValues {
  email: string
  firstName: string
  lastName: string
}

/**
 * The e-mail, first and last name of someone to invite, checked by the shared schema before it is sent;
 * what was typed stays when the server refuses it. `extra` holds more fields (the operator's role and shop).
 */
export function InviteForm({
  send,
  extra,
  submitLabel = 'Send invitation',
  onSent,
}: {
  send: (values: InviteValues) => Promise<InvitationSent>
  extra?: React.ReactNode
  submitLabel?: string
  onSent?: () => void
}) {
  const id = useId()
  const [values, setValues] = useState<InviteValues>({ email: '', firstName: '', lastName: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busy, setBusy] = useState(false)

  const set = (name: keyof InviteValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = VendorInvitationSchema.safeParse(values)
    if (!checked.success) {
      setErrors(firstErrors(checked.error.issues))
      setNotice(null)
      const form = event.currentTarget
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const sent = await send(values)
      const until = new Date(sent.expiresAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long' })
      setNotice({ tone: 'success', text: `Invitation sent to ${sent.email}. The link works until ${until}.` })
      setValues({ email: '', firstName: '', lastName: '' })
      onSent?.()
    } catch (error) {
      setNotice({
        tone: 'error',
        text:
          error instanceof ApiError && error.fromServer
            ? error.message
            : 'The invitation could not be sent. Please try again.',
      })
      if (error instanceof ApiError && error.fieldErrors)
        setErrors(
          Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0] ?? ''])),
        )
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <NoticeBox notice={notice} />
      <TextInput
        id={`${id}-email`}
        label="E-mail address"
        type="email"
        autoComplete="off"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <div className={styles.row}>
        <TextInput
          id={`${id}-first`}
          label="First name"
          hint="Optional"
          value={values.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <TextInput
          id={`${id}-last`}
          label="Last name"
          hint="Optional"
          value={values.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      {extra}
      <div className={styles.actions}>
        <button type="submit" className="button-primary" disabled={busy} aria-disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  )
}
