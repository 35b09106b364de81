import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_REPLY_MESSAGE, CONTACT_SENT_MESSAGE, type ContactFormState } from '@larder/shared'
import { contactMessages, outboxMail } from '../../db/schema'
import { HEAD_MARKER, HTML_MARKER, INLINE_SCRIPTS_FILE } from '../../plugins/web-pages'
import { createTestApp, DATABASE_KINDS, xsrfHeaders, type TestApp } from '../../test/test-app'
import { CONTACT_EXPIRED_MESSAGE, CONTACT_FIELDS_MESSAGE } from './contact-page.routes'

/**
 * A web build whose server half follows the contract of apps/web/src/entry-server.tsx and writes the
 * request data it was given into the page, so that a test reads what the contact form would show. The
 * real form's rendering of that data is tested in apps/web (contact-form.test.tsx) and by e2e.
 */
const ENTRY = `
export function createPageRenderer() {
  return {
    async render(url, options = {}) {
      const data = JSON.stringify({ url, data: options.data ?? null }).replace(/</g, '\\\\u003c')
      return { status: 200, head: '<title>Contact us</title>', html: '<script type="application/json" id="data">' + data + '</script>' }
    },
  }
}
`

function writeBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-contact-page-'))
  fs.mkdirSync(path.join(dist, 'client', '.vite'), { recursive: true })
  fs.mkdirSync(path.join(dist, 'server'))
  fs.writeFileSync(
    path.join(dist, 'client', 'index.html'),
    `<!doctype html><html><head>${HEAD_MARKER}</head><body><div id="root">${HTML_MARKER}</div></body></html>`,
  )
  fs.writeFileSync(path.join(dist, 'client', '.vite', 'manifest.json'), '{}')
  fs.writeFileSync(path.join(dist, 'server', 'entry-server.js'), ENTRY)
  fs.writeFileSync(path.join(dist, 'server', INLINE_SCRIPTS_FILE), '{}')
  return dist
}

/** The contact form's state the page was rendered with. */
function formOf(html: string): ContactFormState {
  const text = /<script type="application\/json" id="data">(.*?)<\/script>/s.exec(html)?.[1]
  if (!text) throw new Error('not a rendered page')
  const page = JSON.parse(text) as { url: string; data: Record<string, ContactFormState> | null }
  expect(page.url).toBe('/contactus')
  const form = page.data?.['contact-form']
  if (!form) throw new Error('the page was rendered without the contact form state')
  return form
}

/** The XSRF cookie a reply sets, if any. */
const cookieSet = (header: string | string[] | undefined) =>
  /XSRF-TOKEN=([^;]+)/.exec([header ?? []].flat().join('\n'))?.[1]

const MESSAGE = { name: 'Ada', email: 'ada@example.com', phone: '', message: 'Do you deliver on Sundays?' }

describe.each(DATABASE_KINDS)('the contact page without scripts on %s', (kind) => {
  let dist: string
  beforeAll(() => {
    dist = writeBuild()
  })
  afterAll(() => {
    fs.rmSync(dist, { recursive: true, force: true })
  })

  /** Opens the page as a visitor at `ip`, with the cookie they already have; answers the form and the cookie. */
  async function open(t: TestApp, ip: string, cookie?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/contactus',
      remoteAddress: ip,
      headers: cookie ? { cookie: `XSRF-TOKEN=${cookie}` } : {},
    })
    expect(res.statusCode).toBe(200)
    return { res, form: formOf(res.body), cookie: cookie ?? cookieSet(res.headers['set-cookie']) }
  }

  /** Posts the form as a browser without scripts does: urlencoded, with the cookie it holds. */
  const send = (t: TestApp, ip: string, fields: Record<string, string>, cookie: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/contactus',
      remoteAddress: ip,
      payload: new URLSearchParams(fields).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie: `XSRF-TOKEN=${cookie}` } : {}),
      },
    })

  /** The page's own hidden fields, as the browser sends them back. */
  const hidden = (form: ContactFormState) => ({
    _xsrf: form.hidden.xsrf,
    ...(form.hidden.appCheck ? { _app_check: form.hidden.appCheck } : {}),
  })

  describe('with app check off', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(kind, { seed: false, env: { WEB_DIST: dist } })
    })
    afterAll(async () => {
      await t?.close()
    })

    it('renders the page for each visitor with their XSRF cookie in the form, kept by no cache', async () => {
      const first = await open(t, '10.1.0.1')
      expect(first.cookie).toBeTruthy()
      expect(first.form.hidden).toEqual({ xsrf: first.cookie })
      expect(first.form).toMatchObject({
        values: { name: '', email: '', phone: '', message: '' },
        fieldErrors: {},
      })
      expect(first.res.headers['cache-control']).toBe('private, no-store')
      const returning = await open(t, '10.1.0.1', 'returning-visitor')
      expect(returning.form.hidden.xsrf).toBe('returning-visitor')
      expect(returning.res.headers['set-cookie']).toBeUndefined()
    })

    it('sends the message and answers the page thanking the visitor, with the form emptied', async () => {
      const { form, cookie } = await open(t, '10.1.0.2')
      const res = await send(t, '10.1.0.2', { ...MESSAGE, ...hidden(form) }, cookie)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('private, no-store')
      const answered = formOf(res.body)
      expect(answered.notice).toEqual({ kind: 'success', text: CONTACT_SENT_MESSAGE })
      expect(answered.values).toEqual({ name: '', email: '', phone: '', message: '' })
      expect(answered.hidden.xsrf).toBe(cookie)
      const stored = await t.database.db.select().from(contactMessages)
      expect(stored).toEqual([
        expect.objectContaining({ name: 'Ada', message: 'Do you deliver on Sundays?' }),
      ])
      expect(await t.database.db.select().from(outboxMail)).toHaveLength(1)
    })

    it.each([
      ['no XSRF field', (cookie: string) => ({ cookie, fields: {} })],
      ['a field that is not the cookie', (cookie: string) => ({ cookie, fields: { _xsrf: `${cookie}x` } })],
      [
        'no cookie (another site posting the form)',
        (cookie: string) => ({ cookie: undefined, fields: { _xsrf: cookie } }),
      ],
    ])('refuses a post with %s, keeping what was typed', async (_case, make) => {
      const before = (await t.database.db.select().from(contactMessages)).length
      const { cookie: given } = await open(t, '10.1.0.3')
      const { cookie, fields } = make(given ?? '')
      const res = await send(t, '10.1.0.3', { ...MESSAGE, ...fields }, cookie)
      expect(res.statusCode).toBe(403)
      const answered = formOf(res.body)
      expect(answered.notice).toEqual({ kind: 'error', text: CONTACT_EXPIRED_MESSAGE })
      expect(answered.values).toEqual(MESSAGE)
      // A fresh field for the cookie the browser holds (or is given now), so that Send works again.
      expect(answered.hidden.xsrf).toBe(cookie ?? cookieSet(res.headers['set-cookie']))
      expect(await t.database.db.select().from(contactMessages)).toHaveLength(before)
    })

    it('marks the fields the API would refuse, with its messages, keeping what was typed', async () => {
      const before = (await t.database.db.select().from(contactMessages)).length
      const { form, cookie } = await open(t, '10.1.0.4')
      const typed = { name: 'Ada', email: '', phone: 'call me maybe', message: '  ' }
      const res = await send(t, '10.1.0.4', { ...typed, ...hidden(form) }, cookie)
      expect(res.statusCode).toBe(400)
      const answered = formOf(res.body)
      expect(answered.notice).toEqual({ kind: 'error', text: CONTACT_FIELDS_MESSAGE })
      expect(answered.values).toEqual(typed)
      expect(answered.fieldErrors).toEqual({
        phone: 'Phone number may contain only digits, spaces and + ( ) -',
        message: 'Message is required',
      })
      // Neither an e-mail address nor a phone number: nobody could answer it.
      const unanswerable = { name: 'Ada', email: '', phone: ' ', message: 'Hello' }
      const second = await send(t, '10.1.0.4', { ...unanswerable, ...hidden(form) }, cookie)
      expect(second.statusCode).toBe(400)
      expect(formOf(second.body)).toMatchObject({
        values: unanswerable,
        fieldErrors: { email: CONTACT_REPLY_MESSAGE },
      })
      expect(await t.database.db.select().from(contactMessages)).toHaveLength(before)
    })

    it("counts the form's messages and the API's against one limit of 5 in 10 minutes; mistakes count none", async () => {
      const ip = '10.1.0.5'
      const { form, cookie } = await open(t, ip)
      for (let i = 0; i < 3; i++)
        expect((await send(t, ip, { ...MESSAGE, email: '', ...hidden(form) }, cookie)).statusCode).toBe(400)
      for (let i = 0; i < 3; i++)
        expect((await send(t, ip, { ...MESSAGE, ...hidden(form) }, cookie)).statusCode).toBe(200)
      for (let i = 0; i < 2; i++) {
        const api = await t.app.inject({
          method: 'POST',
          url: '/api/public/contact-messages',
          payload: MESSAGE,
          remoteAddress: ip,
          headers: xsrfHeaders,
        })
        expect(api.statusCode).toBe(201)
      }
      const limited = await send(t, ip, { ...MESSAGE, ...hidden(form) }, cookie)
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      const answered = formOf(limited.body)
      expect(answered.notice?.kind).toBe('error')
      expect(answered.notice?.text).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/)
      expect(answered.values).toEqual(MESSAGE)
    })
  })

  describe('with APP_CHECK=enforce', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(kind, { seed: false, env: { WEB_DIST: dist, APP_CHECK: 'enforce' } })
    })
    afterAll(async () => {
      await t?.close()
    })

    it('takes a post carrying the single-use token of a page rendered for the same address', async () => {
      const { form, cookie } = await open(t, '10.2.0.1')
      expect(form.hidden.appCheck).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
      const res = await send(t, '10.2.0.1', { ...MESSAGE, ...hidden(form) }, cookie)
      expect(res.statusCode).toBe(200)
      const answered = formOf(res.body)
      expect(answered.notice?.kind).toBe('success')
      // The next message needs the next token, which the answer carries.
      expect(answered.hidden.appCheck).toBeTruthy()
      expect(answered.hidden.appCheck).not.toBe(form.hidden.appCheck)
      const again = await send(t, '10.2.0.1', { ...MESSAGE, ...hidden(answered) }, cookie)
      expect(again.statusCode).toBe(200)
    })

    it('refuses a token used once already, one from another address, and none at all', async () => {
      const before = (await t.database.db.select().from(contactMessages)).length
      const { form, cookie } = await open(t, '10.2.0.2')
      expect((await send(t, '10.2.0.2', { ...MESSAGE, ...hidden(form) }, cookie)).statusCode).toBe(200)
      const reused = await send(t, '10.2.0.2', { ...MESSAGE, ...hidden(form) }, cookie)
      expect(reused.statusCode).toBe(403)
      expect(formOf(reused.body)).toMatchObject({
        notice: { kind: 'error', text: CONTACT_EXPIRED_MESSAGE },
        values: MESSAGE,
      })

      const elsewhere = await open(t, '10.2.0.3')
      const moved = await send(t, '10.2.0.4', { ...MESSAGE, ...hidden(elsewhere.form) }, elsewhere.cookie)
      expect(moved.statusCode).toBe(403)

      const { _xsrf } = hidden(form)
      expect((await send(t, '10.2.0.2', { ...MESSAGE, _xsrf }, cookie)).statusCode).toBe(403)
      expect(await t.database.db.select().from(contactMessages)).toHaveLength(before + 1)
    })

    it("never lets a form's token stand in for the API's X-App-Check header", async () => {
      const { form } = await open(t, '10.2.0.5')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/contact-messages',
        payload: MESSAGE,
        remoteAddress: '10.2.0.5',
        headers: { ...xsrfHeaders, 'x-app-check': form.hidden.appCheck ?? '' },
      })
      expect(res.statusCode).toBe(403)
    })
  })

  describe('with APP_CHECK=monitor', () => {
    it('takes a post without a token, as the API does', async () => {
      const t = await createTestApp(kind, { seed: false, env: { WEB_DIST: dist, APP_CHECK: 'monitor' } })
      try {
        const { form, cookie } = await open(t, '10.3.0.1')
        const res = await send(t, '10.3.0.1', { ...MESSAGE, _xsrf: form.hidden.xsrf }, cookie)
        expect(res.statusCode).toBe(200)
      } finally {
        await t.close()
      }
    })
  })
})
