import {
  CONTACT_FIELDS,
  CONTACT_FORM_DATA,
  CONTACT_HIDDEN_FIELDS,
  CONTACT_PAGE_PATH,
  CONTACT_SENT_MESSAGE,
  type ContactField,
  type ContactFormState,
  type ContactMessage,
  type ContactMessageInput,
} from '@larder/shared'
import { CircleAlert, CircleCheck, Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useRequestData } from '../../../framework/page/request-data'
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client'
import { busyButtonProps } from '../../../lib/busy-button'
import { lazyZodResolver, usePreloadedResolver } from '../../../lib/lazy-zod-resolver'
import { useSendContactMessage } from '../api/send-contact-message'
import styles from './contact-form.module.css'

const FIELDS = CONTACT_FIELDS
type Field = ContactField
const EMPTY: Required<ContactMessageInput> = { name: '', email: '', phone: '', message: '' }

// The server's own schema (contact-schema.ts), loaded after the page's first paint.
const resolver = lazyZodResolver(() => import('../contact-schema').then((m) => m.ContactMessageSchema))

export const CONTACT_SUCCESS_MESSAGE = CONTACT_SENT_MESSAGE

const FORM_ID = 'contact-form'

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? NETWORK_ERROR_MESSAGE : error.message
  return 'Your message could not be sent. Please try again.'
}

/**
 * The 'Drop us message' form (name, e-mail, phone, a 10-row message). The template's form posts nowhere; ours
 * sends to the contact-messages API, checked first with the same schema the server uses so mistakes show at
 * once. Without scripts it posts to the page itself with the hidden fields the server rendered
 * (ContactFormState), and the server's answer is this page again: thanked, or with its mistakes marked and
 * what was typed kept, which this form then starts from.
 */
export function ContactForm() {
  const posted = useRequestData<ContactFormState>(CONTACT_FORM_DATA)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver,
    defaultValues: posted?.values ?? EMPTY,
    // Checked on Send only: a field's message goes as soon as it is edited, and comes back, if it must,
    // at the next Send.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  })
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(
    posted?.notice ?? null,
  )
  // The server's verdict on a form posted without scripts, until the field is edited or sent again.
  const [postedErrors, setPostedErrors] = useState(posted?.fieldErrors ?? {})
  const forget = (field?: Field) =>
    setPostedErrors((current) => {
      if (!field) return {}
      return Object.fromEntries(Object.entries(current).filter(([name]) => name !== field))
    })
  const send = useSendContactMessage()
  const preloadRules = usePreloadedResolver(resolver)

  /** The server's own verdict on the fields, shown as the form's own would be, the first one focused. */
  const showServerErrors = (error: unknown) => {
    clearErrors()
    const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {}
    const invalid = FIELDS.filter((field) => fieldErrors[field]?.[0])
    for (const field of invalid) setError(field, { type: 'server', message: fieldErrors[field]?.[0] })
    const [first] = invalid
    if (first) setFocus(first)
  }

  const sendMessage = handleSubmit((message) => {
    send.mutate(message, {
      onSuccess: () => {
        reset(EMPTY)
        setNotice({ kind: 'success', text: CONTACT_SUCCESS_MESSAGE })
      },
      onError: (error) => {
        showServerErrors(error)
        setNotice({ kind: 'error', text: failureMessage(error) })
      },
    })
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (send.isPending) {
      event.preventDefault()
      return
    }
    setNotice(null)
    forget()
    void sendMessage(event)
  }

  const errorOf = (field: Field) => errors[field]?.message ?? postedErrors[field]

  const fieldProps = (field: Field) => ({
    id: `contact-${field}`,
    // In the markup itself: register() fills its fields only once the code runs, and a page without
    // scripts must show what was typed.
    defaultValue: posted?.values[field],
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': errorOf(field) ? `contact-${field}-error` : undefined,
    ...register(field, {
      onChange: () => {
        if (errors[field]) clearErrors(field)
        if (postedErrors[field]) forget(field)
      },
    }),
  })

  const errorText = (field: Field) => {
    const message = errorOf(field)
    return message ? (
      <p id={`contact-${field}-error`} className={styles.fieldError}>
        <CircleAlert aria-hidden="true" size={16} />
        {message}
      </p>
    ) : null
  }

  return (
    <form
      id={FORM_ID}
      method="post"
      // The answer opens at the form, where its thanks or its mistakes are, not at the top of the page.
      action={`${CONTACT_PAGE_PATH}#${FORM_ID}`}
      className={styles.form}
      onSubmit={submit}
      onFocus={preloadRules}
      noValidate
    >
      {posted?.hidden && (
        <>
          <input type="hidden" name={CONTACT_HIDDEN_FIELDS.xsrf} value={posted.hidden.xsrf} />
          {posted.hidden.appCheck && (
            <input type="hidden" name={CONTACT_HIDDEN_FIELDS.appCheck} value={posted.hidden.appCheck} />
          )}
        </>
      )}
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
