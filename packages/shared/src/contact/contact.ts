/**
 * The contact page's form as the server renders it for one visitor, so that it works without scripts: it
 * posts to the page itself (`CONTACT_PAGE_PATH`) with two hidden fields, and the server answers with the
 * page again, thanked or with the mistakes marked and what was typed kept
 * (docs/decisions/0042-contact-form-without-scripts.md).
 */

/** The contact page, which is also where its form posts without scripts. */
export const CONTACT_PAGE_PATH = '/contactus'

/** The name of the server's data for the contact page (`useRequestData`, `render(url, { data })`). */
export const CONTACT_FORM_DATA = 'contact-form'

/** The hidden fields a form without scripts carries instead of the API's headers. */
export const CONTACT_HIDDEN_FIELDS = {
  /** The XSRF-TOKEN cookie's value, as X-XSRF-TOKEN carries it on API calls. */
  xsrf: '_xsrf',
  /** A single-use app-check token for this form, bound to the visitor's address. */
  appCheck: '_app_check',
} as const

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

export const CONTACT_SENT_MESSAGE = 'Thank you, your message has been sent.'

export interface ContactFormState {
  /** The hidden fields' values; absent on a page the browser rendered itself, whose form uses the API. */
  hidden: { xsrf: string; appCheck?: string }
  /** What the shopper typed, shown again after a refusal; empty once sent. */
  values: Record<ContactField, string>
  /** Each field's first mistake, as the API's `fieldErrors` would name it. */
  fieldErrors: Partial<Record<ContactField, string>>
  notice?: { kind: 'success' | 'error'; text: string }
}
