import { decodeJwt, SignJWT, base64url } from 'jose'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountMessages, AccountSchema } from '@larder/shared'
import { revokedSessions, users } from '../../db/schema'
import { NUL_MESSAGE } from '../../plugins/nul-guard'
import {
  getAccount,
  logIn,
  manualClock,
  newShopper,
  nextIp,
  postJson,
  register,
} from '../../test/accounts-helpers'
import { createTestApp, DATABASE_KINDS, TEST_JWT_SECRET, type TestApp } from '../../test/test-app'

const DAY = 24 * 60 * 60 * 1000

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let t: TestApp
  const time = manualClock()
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false, clock: time.clock })
  })
  afterAll(async () => {
    await t?.close()
  })

  describe('POST /api/register', () => {
    it('creates a customer, whatever roles the client asks for, with an argon2id hash', async () => {
      const shopper = newShopper({ authorities: ['ROLE_ADMIN', 'ROLE_VENDOR'] })
      const res = await postJson(t.app, '/api/register', shopper)
      expect(res.statusCode).toBe(201)
      const [row] = await t.database.db.select().from(users).where(eq(users.login, shopper.login))
      expect(row?.roles).toEqual(['ROLE_CUSTOMER'])
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      expect(row?.passwordHash).not.toContain(shopper.password)
    })

    it('refuses a login or an e-mail already in use, ignoring case', async () => {
      const shopper = await register(t.app)
      const sameLogin = await postJson(
        t.app,
        '/api/register',
        newShopper({ login: shopper.login.toUpperCase() }),
      )
      expect(sameLogin.statusCode).toBe(400)
      expect(sameLogin.json()).toEqual({ message: accountMessages.loginTaken })
      const sameEmail = await postJson(
        t.app,
        '/api/register',
        newShopper({ email: shopper.email.toUpperCase() }),
      )
      expect(sameEmail.statusCode).toBe(400)
      expect(sameEmail.json()).toEqual({ message: accountMessages.emailTaken })
    })

    it("refuses a username that is someone else's email address, which would shadow their email login", async () => {
      const victim = newShopper()
      const squat = await postJson(t.app, '/api/register', newShopper({ login: victim.email }))
      expect(squat.statusCode).toBe(400)
      expect(squat.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.login).toEqual([
        accountMessages.loginNotOwnEmail,
      ])
      await register(t.app, victim)
      expect(await logIn(t.app, victim.email, victim.password)).toBeTruthy()

      const own = newShopper()
      await register(t.app, { ...own, login: own.email.toUpperCase() })
      expect(await logIn(t.app, own.email, own.password)).toBeTruthy()
    })

    it('lets only one of two simultaneous registrations of a name through', async () => {
      const login = newShopper().login
      const results = await Promise.all(
        [1, 2, 3].map(() => postJson(t.app, '/api/register', newShopper({ login }))),
      )
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400])
    })

    it.each([
      [{ login: 'ab' }, 'login', accountMessages.loginTooShort],
      [{ login: '' }, 'login', accountMessages.loginRequired],
      [{ firstName: '' }, 'firstName', accountMessages.firstNameRequired],
      [{ lastName: ' ' }, 'lastName', accountMessages.lastNameRequired],
      [{ email: 'nope' }, 'email', accountMessages.emailInvalid],
      [{ password: '12345' }, 'password', accountMessages.passwordTooShort],
      [{ password: 'x'.repeat(51) }, 'password', accountMessages.passwordTooLong],
      [{ firstName: 'x'.repeat(51) }, 'firstName', 'First name must be at most 50 characters long'],
      [{ lastName: 'x'.repeat(51) }, 'lastName', 'Last name must be at most 50 characters long'],
    ])('refuses %o with the spec message', async (override, field, message) => {
      const res = await postJson(t.app, '/api/register', newShopper(override))
      expect(res.statusCode).toBe(400)
      expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors[field]).toContain(message)
    })
  })

  describe('POST /api/authenticate and GET /api/account', () => {
    it('logs in by login or by e-mail and returns the account', async () => {
      const shopper = await register(t.app)
      for (const username of [shopper.login, shopper.email.toUpperCase()]) {
        const token = await logIn(t.app, username, shopper.password)
        const res = await getAccount(t.app, token)
        expect(res.statusCode).toBe(200)
        const account = AccountSchema.parse(res.json())
        expect(account).toMatchObject({ login: shopper.login, email: shopper.email, firstName: 'Ada' })
        expect(account.authorities).toEqual(['ROLE_CUSTOMER'])
        expect(res.json()).not.toHaveProperty('passwordHash')
      }
    })

    it('refuses a wrong password and an unknown user with the same answer', async () => {
      const shopper = await register(t.app)
      const wrong = await postJson(t.app, '/api/authenticate', {
        username: shopper.login,
        password: 'wrong password',
      })
      const unknown = await postJson(t.app, '/api/authenticate', {
        username: 'nobody-here',
        password: 'whatever1',
      })
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ message: accountMessages.loginFailed })
      }
    })

    it('issues HS256 tokens for a day, or thirty days with remember me', async () => {
      const shopper = await register(t.app)
      const day = decodeJwt(await logIn(t.app, shopper.login, shopper.password, false))
      const month = decodeJwt(await logIn(t.app, shopper.login, shopper.password, true))
      expect((day.exp ?? 0) - (day.iat ?? 0)).toBe(DAY / 1000)
      expect((month.exp ?? 0) - (month.iat ?? 0)).toBe((30 * DAY) / 1000)
      expect(day.sub).toBeTypeOf('string')
      expect(day.auth).toBe('ROLE_CUSTOMER')
    })

    it('refuses a missing, expired, forged or unsigned token', async () => {
      const shopper = await register(t.app)
      const token = await logIn(t.app, shopper.login, shopper.password)
      const claims = decodeJwt(token)

      expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401)

      const forged = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))
      expect((await getAccount(t.app, forged)).statusCode).toBe(401)

      const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))
      const body = base64url.encode(JSON.stringify({ ...claims, auth: 'ROLE_ADMIN' }))
      expect((await getAccount(t.app, `${header}.${body}.`)).statusCode).toBe(401)

      const [h, , s] = token.split('.')
      const tampered = `${h}.${base64url.encode(JSON.stringify({ ...claims, sub: 'user-1' }))}.${s}`
      expect((await getAccount(t.app, tampered)).statusCode).toBe(401)

      expect((await getAccount(t.app, token)).statusCode).toBe(200)
      time.advance(DAY + 1000)
      const expired = await getAccount(t.app, token)
      expect(expired.statusCode).toBe(401)
      expect(expired.json()).toEqual({ message: 'Authentication required' })
    })

    it('says in WWW-Authenticate whether a 401 refused the token sent, or only what was asked', async () => {
      const shopper = await register(t.app)
      const token = await logIn(t.app, shopper.login, shopper.password)
      const challenge = (res: { headers: Record<string, unknown> }) => res.headers['www-authenticate']

      const anonymous = await t.app.inject({ method: 'GET', url: '/api/account' })
      expect(anonymous.statusCode).toBe(401)
      expect(challenge(anonymous)).toBe('Bearer')

      // A wrong password typed while a valid session is held: the session is not what failed.
      const wrongPassword = await postJson(
        t.app,
        '/api/authenticate',
        { username: shopper.login, password: 'wrong password' },
        nextIp(),
        { authorization: `Bearer ${token}` },
      )
      expect(wrongPassword.statusCode).toBe(401)
      expect(challenge(wrongPassword)).toBe('Bearer')
      expect((await getAccount(t.app, token)).statusCode).toBe(200)

      time.advance(DAY + 1000)
      const expired = await getAccount(t.app, token)
      expect(expired.statusCode).toBe(401)
      expect(challenge(expired)).toBe('Bearer error="invalid_token"')
    })

    it('ends the session of the token sent on logout, and only that one', async () => {
      const shopper = await register(t.app)
      const phone = await logIn(t.app, shopper.login, shopper.password)
      const laptop = await logIn(t.app, shopper.login, shopper.password)
      expect(decodeJwt(phone).jti).not.toBe(decodeJwt(laptop).jti)

      const out = await postJson(t.app, '/api/logout', undefined, nextIp(), {
        authorization: `Bearer ${phone}`,
      })
      expect(out.statusCode).toBe(204)
      expect(out.body).toBe('')
      const after = await getAccount(t.app, phone)
      expect(after.statusCode).toBe(401)
      expect(after.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
      expect((await getAccount(t.app, laptop)).statusCode).toBe(200)

      // Again, with no token, or with a dead one: nothing left to end, and still 204.
      expect(
        (await postJson(t.app, '/api/logout', undefined, nextIp(), { authorization: `Bearer ${phone}` }))
          .statusCode,
      ).toBe(204)
      expect((await postJson(t.app, '/api/logout', undefined)).statusCode).toBe(204)
      expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(403)

      // A token from before tokens had an id (no jti) is ended all the same.
      const claims = { ...decodeJwt(laptop) }
      delete claims.jti
      const older = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(TEST_JWT_SECRET))
      expect((await getAccount(t.app, older)).statusCode).toBe(200)
      await postJson(t.app, '/api/logout', undefined, nextIp(), { authorization: `Bearer ${older}` })
      expect((await getAccount(t.app, older)).statusCode).toBe(401)
      expect((await getAccount(t.app, laptop)).statusCode).toBe(200)

      // A logged-out token is remembered only until it would have expired anyway.
      const revoked = async (token: string) =>
        (
          await t.database.db
            .select()
            .from(revokedSessions)
            .where(eq(revokedSessions.sessionId, String(decodeJwt(token).jti)))
        ).length
      expect(await revoked(phone)).toBe(1)
      time.advance(DAY + 1000)
      const next = await logIn(t.app, shopper.login, shopper.password)
      await postJson(t.app, '/api/logout', undefined, nextIp(), { authorization: `Bearer ${next}` })
      expect(await revoked(phone)).toBe(0)
      expect(await revoked(next)).toBe(1)
    })

    it('signs with the configured secret', async () => {
      const shopper = await register(t.app)
      const token = await logIn(t.app, shopper.login, shopper.password)
      const resigned = await new SignJWT(decodeJwt(token))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(TEST_JWT_SECRET))
      expect((await getAccount(t.app, resigned)).statusCode).toBe(200)
    })

    it('opens GET /api/products to a logged-in user', async () => {
      const shopper = await register(t.app)
      const token = await logIn(t.app, shopper.login, shopper.password)
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-total-count']).toBe('0')
    })
  })

  describe('XSRF', () => {
    it('refuses a state-changing call without the header, or with one that does not match', async () => {
      const shopper = newShopper()
      const ip = nextIp()
      const bare = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: shopper,
        remoteAddress: ip,
      })
      expect(bare.statusCode).toBe(403)
      expect(bare.json<{ message: string }>().message).toContain('XSRF')
      const mismatch = await postJson(t.app, '/api/register', shopper, ip, {
        'x-xsrf-token': 'something-else',
      })
      expect(mismatch.statusCode).toBe(403)
      const cookieOnly = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: shopper,
        remoteAddress: ip,
        headers: { cookie: 'XSRF-TOKEN=abc' },
      })
      expect(cookieOnly.statusCode).toBe(403)
    })

    it('refuses it on a percent-encoded path that the router decodes to an API route', async () => {
      for (const url of ['/%61pi/register', '/api/%72egister', '/%61%70%69/register']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: newShopper(),
          remoteAddress: nextIp(),
        })
        expect(res.statusCode, url).toBe(403)
      }
      // And a NUL character there is still a 400, not a database error.
      const nul = await postJson(
        t.app,
        '/%61pi/register',
        { ...newShopper(), firstName: 'A\u0000' },
        nextIp(),
      )
      expect(nul.statusCode).toBe(400)
      expect(nul.json<{ message: string }>().message).toBe(NUL_MESSAGE)
    })

    it('hands out the cookie on API responses and pages, not on public catalogue reads', async () => {
      const account = await t.app.inject({ method: 'GET', url: '/api/account' })
      const cookie = [account.headers['set-cookie']].flat().join(';')
      expect(cookie).toMatch(/XSRF-TOKEN=[\w-]{20,}/)
      expect(cookie).toContain('SameSite=Strict')
      expect(cookie).not.toContain('HttpOnly')
      const catalogue = await t.app.inject({ method: 'GET', url: '/api/public/categories' })
      expect(catalogue.headers['set-cookie']).toBeUndefined()
    })
  })
})
