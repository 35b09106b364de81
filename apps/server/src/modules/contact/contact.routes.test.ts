import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages, outboxMail } from '../../db/schema'
import { startSmtpSink } from '../../test/smtp-sink'
import { createTestApp, DATABASE_KINDS, xsrfHeaders, type TestApp } from '../../test/test-app'

const post = (t: TestApp, payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/contact-messages',
    payload: payload as object,
    remoteAddress: ip,
    headers: xsrfHeaders,
  })

describe.each(DATABASE_KINDS)('contact messages on %s', (kind) => {
  describe('without SMTP', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(kind, { seed: false })
    })
    afterAll(async () => {
      await t?.close()
    })

    it('stores the message and keeps the mail to the shop in the outbox', async () => {
      const res = await post(t, {
        name: 'Ada',
        email: 'ada@example.com',
        phone: '020 7946 0000',
        message: 'Do you deliver on Sundays?',
      })
      expect(res.statusCode).toBe(201)
      const { id } = res.json<{ id: number }>()
      const stored = await t.database.db.select().from(contactMessages)
      expect(stored).toEqual([
        expect.objectContaining({
          id,
          name: 'Ada',
          email: 'ada@example.com',
          message: 'Do you deliver on Sundays?',
        }),
      ])
      const outbox = await t.database.db.select().from(outboxMail)
      expect(outbox).toHaveLength(1)
      expect(outbox[0]?.toAddress).toBe('hello@larder.test')
      expect(outbox[0]?.textBody).toContain('Do you deliver on Sundays?')
    })

    it.each([
      [{ message: '', email: 'ada@example.com' }, 'message'],
      [{ message: 'hi', email: 'not-an-email' }, 'email'],
      // Neither e-mail nor phone: nobody could answer it.
      [{ message: 'hi' }, 'email'],
      [{ message: 'hi', email: '', phone: '  ' }, 'email'],
      [{ message: 'hi', phone: 'call me maybe' }, 'phone'],
      [{ message: 'x'.repeat(5001), phone: '020 7946 0000' }, 'message'],
    ])('refuses %o naming the field', async (payload, field) => {
      const res = await post(t, payload, '10.0.0.2')
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors)).toContain(field)
    })

    it('limits each address to 5 messages in 10 minutes, with Retry-After', async () => {
      for (let i = 0; i < 5; i++)
        expect((await post(t, { message: `note ${i}`, phone: '020 7946 0000' }, '10.0.0.3')).statusCode).toBe(
          201,
        )
      const limited = await post(t, { message: 'one more', phone: '020 7946 0000' }, '10.0.0.3')
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(limited.json<{ message: string }>().message).toMatch(/too many requests/i)
      expect(
        (await post(t, { message: 'from elsewhere', email: 'b@example.com' }, '10.0.0.4')).statusCode,
      ).toBe(201)
    })
  })

  describe('with SMTP', () => {
    it('mails the shop through the SMTP server', async () => {
      const smtp = await startSmtpSink()
      const t = await createTestApp(kind, {
        seed: false,
        env: { SMTP_URL: smtp.url, SHOP_EMAIL: 'shop@larder.test' },
      })
      try {
        const res = await post(t, {
          name: 'Grace',
          email: 'grace@example.com',
          message: 'Sourdough on Fridays?',
        })
        expect(res.statusCode).toBe(201)
        const [mail] = await smtp.waitFor(1)
        expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('shop@larder.test')
        expect(mail?.subject).toContain('Grace')
        expect(mail?.text).toContain('Sourdough on Fridays?')
        expect(await t.database.db.select().from(outboxMail)).toHaveLength(0)
      } finally {
        await t.close()
        await smtp.close()
      }
    })
  })
})
