import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accountMessages } from '@larder/shared'
import { jobs, outboxMail, users } from '../../db/schema'
import { getAccount, logIn, manualClock, nextIp, postJson, register } from '../../test/accounts-helpers'
import { startSmtpSink } from '../../test/smtp-sink'
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../test/test-app'

const HOUR = 60 * 60 * 1000
const keyFrom = (text: string) => {
  const match = /reset-password\?key=([\w%-]+)/.exec(text)
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`)
  return decodeURIComponent(match[1])
}

describe.each(DATABASE_KINDS)('password reset on %s', (kind) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>
  const time = manualClock()
  beforeAll(async () => {
    smtp = await startSmtpSink()
    t = await createTestApp(kind, {
      seed: false,
      clock: time.clock,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' },
    })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  async function requestReset(email: string) {
    const before = smtp.received.length
    const res = await postJson(t.app, '/api/account/all/reset-password/init', { email })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: accountMessages.resetMailSent })
    const mails = await smtp.waitFor(before + 1)
    const mail = mails[before]
    if (!mail) throw new Error('no mail')
    return { mail, key: keyFrom(mail.text ?? '') }
  }

  const finish = (key: string, newPassword: string) =>
    postJson(t.app, '/api/account/reset-password/finish', { key, newPassword })

  it('mails an HTML and text link over SMTP, and the key sets a new password once', async () => {
    const shopper = await register(t.app)
    const oldSession = await logIn(t.app, shopper.login, shopper.password)
    const { mail, key } = await requestReset(shopper.email)
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(shopper.email)
    expect(mail.text).toContain(`https://shop.example/reset-password?key=`)
    expect(mail.html).toContain('https://shop.example/reset-password?key=')
    expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(await t.database.db.select().from(outboxMail)).toHaveLength(0)

    // A millisecond later, within the same second as the old session's token.
    time.advance(1)
    expect((await finish(key, 'a brand new secret')).statusCode).toBe(200)
    await expect(logIn(t.app, shopper.login, shopper.password)).rejects.toThrow(/401/)
    const newSession = await logIn(t.app, shopper.login, 'a brand new secret')
    // The reset logs out every session issued before it, and none after.
    expect((await getAccount(t.app, oldSession)).statusCode).toBe(401)
    expect((await getAccount(t.app, newSession)).statusCode).toBe(200)
    // The link reached the mailbox, so the address is proved.
    const [row] = await t.database.db.select().from(users).where(eq(users.login, shopper.login))
    expect(row?.emailVerifiedAt).toEqual(time.clock())

    const again = await finish(key, 'yet another secret')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ message: accountMessages.resetFinishFailed })
  })

  it('refuses a common password, saying why, and keeps the key for a better one', async () => {
    const shopper = await register(t.app)
    const { key } = await requestReset(shopper.email)
    const common = await finish(key, 'letmein')
    expect(common.statusCode).toBe(400)
    expect(common.json()).toEqual({ message: accountMessages.passwordTooCommon })
    expect((await finish(key, 'a less usual one')).statusCode).toBe(200)
  })

  it('refuses a key after 24 hours', async () => {
    const shopper = await register(t.app)
    const { key } = await requestReset(shopper.email)
    time.advance(24 * HOUR + 1000)
    expect((await finish(key, 'too late for this')).statusCode).toBe(400)
    expect(await logIn(t.app, shopper.login, shopper.password)).toBeTypeOf('string')
  })

  it('voids every older key once one of them is used', async () => {
    const shopper = await register(t.app)
    const first = await requestReset(shopper.email)
    const second = await requestReset(shopper.email)
    expect((await finish(second.key, 'second key wins')).statusCode).toBe(200)
    expect((await finish(first.key, 'first key is void')).statusCode).toBe(400)
  })

  it('answers 404 for an unknown address and 400 for a made-up key', async () => {
    const res = await postJson(t.app, '/api/account/all/reset-password/init', { email: 'nobody@example.com' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: accountMessages.emailNotFound })
    expect((await finish('made-up-key', 'whatever123')).statusCode).toBe(400)
    // In the reset form's words ('Password must be at least 6 characters long.'), which differ from the
    // register form's by a full stop.
    const short = await finish('made-up-key', '123')
    expect(short.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.newPassword).toContain(
      accountMessages.resetPasswordTooShort,
    )
  })

  it('answers at once when the mail server is down, and sends the mail once it is back', async () => {
    let refusals = 1
    const delivered: string[] = []
    const flaky = await createTestApp(kind, {
      seed: false,
      mailer: {
        kind: 'smtp',
        async deliver(mail) {
          if (refusals-- > 0) throw new Error('connection refused')
          delivered.push(mail.text)
        },
      },
    })
    try {
      const shopper = await register(flaky.app)
      const res = await postJson(flaky.app, '/api/account/all/reset-password/init', { email: shopper.email })
      expect(res.statusCode).toBe(200)
      const [queued] = await flaky.database.db.select().from(jobs).where(eq(jobs.queue, 'mail'))
      expect(queued).toMatchObject({ attempts: 1, lastError: 'connection refused', doneAt: null })
      // The mail job's retry (a second later, by the poll) sends it, and the sent mail's link is forgotten.
      await vi.waitFor(() => expect(delivered).toHaveLength(1), { timeout: 10_000, interval: 100 })
      expect(keyFrom(delivered[0] ?? '')).not.toBe('')
      const [done] = await flaky.database.db.select().from(jobs).where(eq(jobs.queue, 'mail'))
      expect(done).toMatchObject({ payload: null, attempts: 2 })
      expect(done?.doneAt).not.toBeNull()
    } finally {
      await flaky.close()
    }
  })

  it('limits reset requests to 5 an hour per address and per IP', async () => {
    const shopper = await register(t.app)
    for (let i = 0; i < 5; i++) {
      const ok = await postJson(
        t.app,
        '/api/account/all/reset-password/init',
        { email: shopper.email },
        nextIp(),
      )
      expect(ok.statusCode).toBe(200)
    }
    const limited = await postJson(
      t.app,
      '/api/account/all/reset-password/init',
      { email: shopper.email },
      nextIp(),
    )
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)

    const ip = nextIp()
    for (let i = 0; i < 5; i++) {
      await postJson(t.app, '/api/account/all/reset-password/init', { email: `x${i}@example.com` }, ip)
    }
    const sameIp = await postJson(
      t.app,
      '/api/account/all/reset-password/init',
      { email: 'y@example.com' },
      ip,
    )
    expect(sameIp.statusCode).toBe(429)
    time.advance(HOUR)
    const later = await postJson(
      t.app,
      '/api/account/all/reset-password/init',
      { email: 'y@example.com' },
      ip,
    )
    expect(later.statusCode).toBe(404)
  })
})
