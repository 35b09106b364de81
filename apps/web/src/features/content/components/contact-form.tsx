import { ContactMessageSchema } from '@larder/shared'
import { CircleAlert, CircleCheck, Send } from 'lucide-react'
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client'
import { busyButtonProps } from '../../../lib/busy-button'
import { useSendContactMessage } from '../api/send-contact-message'
import styles from './contact-form.module.css'

const FIELDS = ['name', 'email', 'phone', 'message'] as const
type Field = (typeof FIELDS)[number]
type Values = Record<Field, string>
type FieldErrors = Partial<Record<Field, string>>

const EMPTY: Values = { name: '', email: '', phone: '', message: '' }

export const CONTACT_SUCCESS_MESSAGE = 'Thank you, your message has been sent.'

function isField(key: unknown): key is Field {
  return typeof key === 'string' && FIELDS.some((field) => field === key)
}

/** The first message per field, in the shape both zod issues and the server's fieldErrors reduce to. */
function firstErrors(entries: Iterable<[unknown, string | undefined]>): FieldErrors {
  const errors: FieldErrors = {}
  for (const [key, message] of entries) {
    if (isField(key) && message && errors[key] === undefined) errors[key] = message
  }
  return errors
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? NETWORK_ERROR_MESSAGE : error.message
  return 'Your message could not be sent. Please try again.'
}

/**
 * The 'Drop us message' form (spec section 2). The template's form posts nowhere; ours sends to the
 * contact-messages API, checked first with the same schema the server uses so mistakes show at once.
 */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)
  const send = useSendContactMessage()
  const form = useRef<HTMLFormElement>(null)

  const focusFirstInvalid = (fieldErrors: FieldErrors) => {
    const first = FIELDS.find((field) => fieldErrors[field] !== undefined)
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  const update = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target
    if (!isField(name)) return
    setValues((current) => ({ ...current, [name]: value }))
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (send.isPending) return
    setNotice(null)
    const parsed = ContactMessageSchema.safeParse(values)
    if (!parsed.success) {
      const fieldErrors = firstErrors(parsed.error.issues.map((issue) => [issue.path[0], issue.message]))
      setErrors(fieldErrors)
      focusFirstInvalid(fieldErrors)
      return
    }
    setErrors({})
    send.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY)
        setNotice({ kind: 'success', text: CONTACT_SUCCESS_MESSAGE })
      },
      onError: (error) => {
        const fieldErrors =
          error instanceof ApiError && error.fieldErrors
            ? firstErrors(Object.entries(error.fieldErrors).map(([key, messages]) => [key, messages[0]]))
            : {}
        setErrors(fieldErrors)
        focusFirstInvalid(fieldErrors)
        setNotice({ kind: 'error', text: failureMessage(error) })
      },
    })
  }

  const fieldProps = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: update,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
  })

  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className={styles.fieldError}>
        <CircleAlert aria-hidden="true" size={16} />
        {errors[field]}
      </p>
    ) : null

  return (
    <form ref={form} method="post" className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="contact-name">Name</label>
          <input type="text" autoComplete="name" {...fieldProps('name')} />
          {errorText('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-email">Email address</label>
          <input type="email" autoComplete="email" {...fieldProps('email')} />
          {errorText('email')}
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-phone">Phone number</label>
        <input type="tel" autoComplete="tel" {...fieldProps('phone')} />
        {errorText('phone')}
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-message">Message</label>
        <textarea rows={10} {...fieldProps('message')} />
        {errorText('message')}
      </div>
      <div className={styles.footer}>
        <button
          type="submit"
          className={`button-primary ${styles.submit}`}
          {...busyButtonProps(send.isPending)}
        >
          <Send aria-hidden="true" size={18} />
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
        <p className={styles.hint}>We reply to every message by e-mail or phone.</p>
      </div>
      {/* Both regions stay mounted so screen readers notice when text appears in them. */}
      <div className={styles.notices}>
        <div role="status">
          {notice?.kind === 'success' && (
            <p className={styles.success}>
              <CircleCheck aria-hidden="true" size={20} />
              {notice.text}
            </p>
          )}
        </div>
        <div role="alert">
          {notice?.kind === 'error' && (
            <p className={styles.failure}>
              <CircleAlert aria-hidden="true" size={20} />
              {notice.text}
            </p>
          )}
        </div>
      </div>
    </form>
  )
}
