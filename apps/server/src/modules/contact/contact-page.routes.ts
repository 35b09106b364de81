import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  CONTACT_FIELDS,
  CONTACT_FORM_DATA,
  CONTACT_HIDDEN_FIELDS,
  CONTACT_PAGE_PATH,
  CONTACT_SENT_MESSAGE,
  ContactMessageSchema,
  type ContactField,
  type ContactFormState,
} from '@larder/shared'
import { clientAddress, type RateLimiter } from '../../lib/rate-limiter'
import { HttpError } from '../../plugins/errors'
import type { PageSender } from '../../plugins/web'
import { formEchoesXsrf, xsrfTokenOf } from '../../plugins/xsrf'
import type { AppCheck } from '../app-check/app-check'
import { CONTACT_LIMIT } from './contact.routes'
import type { ContactService } from './contact.service'

export interface ContactPageRoutesOptions {
  contact: ContactService
  limiter: RateLimiter
  appCheck: AppCheck
  sendPage: PageSender
}

const EMPTY: Record<ContactField, string> = { name: '', email: '', phone: '', message: '' }

export const CONTACT_EXPIRED_MESSAGE =
  'Your message was not sent: the page had expired. Please check it and press Send again.'
export const CONTACT_FIELDS_MESSAGE = 'Your message was not sent: please correct the marked fields.'

/** What a form without scripts sends: every value a string (the body parser below makes no other). */
type FormBody = Record<string, string>

const formText = (body: FormBody, name: string) => body[name] ?? ''

/**
 * The contact page, rendered for each visitor, and its form posted without scripts
 * (docs/decisions/0042-contact-form-without-scripts.md). The page carries the visitor's XSRF cookie and,
 * with app check on, a single-use form token in hidden fields; the post is held to what the API's
 * `POST /api/public/contact-messages` is held to (the XSRF double submit, the same rate limit counter,
 * app check, the same schema) and answered with the page again: thanked, or with the refusal, the
 * mistakes marked and what was typed kept.
 */
export const contactPageRoutes: FastifyPluginAsync<ContactPageRoutesOptions> = async (app, options) => {
  const { contact, limiter, appCheck, sendPage } = options
  const guard = limiter.guard(CONTACT_LIMIT)

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  /** The page with the form as `state` leaves it, and fresh hidden fields for the next post. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    state: Omit<ContactFormState, 'hidden'>,
  ) {
    const xsrf = xsrfTokenOf(request) ?? ''
    const appCheckToken = await appCheck.formToken(clientAddress(request))
    const form: ContactFormState = {
      ...state,
      hidden: appCheckToken ? { xsrf, appCheck: appCheckToken } : { xsrf },
    }
    return sendPage(reply, CONTACT_PAGE_PATH, {
      status,
      data: { [CONTACT_FORM_DATA]: form },
      fallback: { title: 'Contact us', text: state.notice?.text ?? 'Drop us a message.' },
    })
  }

  app.get(CONTACT_PAGE_PATH, (request, reply) =>
    answer(request, reply, 200, { values: EMPTY, fieldErrors: {} }),
  )

  app.post<{ Body: FormBody | undefined }>(
    CONTACT_PAGE_PATH,
    // A message is at most 5 000 characters, which percent-encoding may make three times as long.
    { bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const body = request.body ?? {}
      const values = Object.fromEntries(
        CONTACT_FIELDS.map((field) => [field, formText(body, field)]),
      ) as Record<ContactField, string>
      const refuse = (status: number, text: string, fieldErrors: ContactFormState['fieldErrors'] = {}) =>
        answer(request, reply, status, { values, fieldErrors, notice: { kind: 'error', text } })

      // Double submit, as for the API's header: another site's form cannot read the cookie to echo it,
      // and the cookie itself (SameSite=Strict) does not come with another site's post.
      if (!formEchoesXsrf(request, body[CONTACT_HIDDEN_FIELDS.xsrf]))
        return refuse(403, CONTACT_EXPIRED_MESSAGE)

      // The fields first, as the API's validation comes before its limits: correcting a mistake costs
      // none of the visitor's five messages, and spends no app-check token.
      const parsed = ContactMessageSchema.safeParse(values)
      if (!parsed.success) {
        const fieldErrors: ContactFormState['fieldErrors'] = {}
        for (const issue of parsed.error.issues) {
          const field = CONTACT_FIELDS.find((name) => name === issue.path[0])
          if (field) fieldErrors[field] ??= issue.message
        }
        return refuse(400, CONTACT_FIELDS_MESSAGE, fieldErrors)
      }

      try {
        await guard(request, reply)
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) return refuse(429, error.message)
        throw error
      }
      if (!(await appCheck.allowsForm(request, body[CONTACT_HIDDEN_FIELDS.appCheck])))
        return refuse(403, CONTACT_EXPIRED_MESSAGE)

      await contact.receive(parsed.data, request.ip)
      return answer(request, reply, 200, {
        values: EMPTY,
        fieldErrors: {},
        notice: { kind: 'success', text: CONTACT_SENT_MESSAGE },
      })
    },
  )
}
