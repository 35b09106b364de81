import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountMessages } from '@larder/shared'
import { users } from '../../db/schema'
import { createGoogleTokenVerifier } from '../../providers/google-identity'
import { getAccount, logIn, postJson, register } from '../../test/accounts-helpers'
import { createTestApp, type TestApp } from '../../test/test-app'

const CLIENT_ID = 'larder-test.apps.googleusercontent.com'

/** Google's side, played locally: a key pair whose public half is the key set the server trusts. */
async function fakeGoogle() {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const keys = createLocalJWKSet({ keys: [jwk] })
  const sign = (
    claims: Record<string, unknown>,
    options: { audience?: string; issuer?: string; expiresIn?: string } = {},
  ) =>
    new SignJWT({ email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(privateKey)
  return { keys, sign }
}

describe('POST /api/google-login', () => {
  let t: TestApp
  let google: Awaited<ReturnType<typeof fakeGoogle>>
  beforeAll(async () => {
    google = await fakeGoogle()
    const verifyGoogleToken = createGoogleTokenVerifier({
      clientId: CLIENT_ID,
      jwksUrl: 'https://127.0.0.1/unused',
      clock: () => new Date(),
      keys: google.keys,
    })
    t = await createTestApp('pglite', {
      seed: false,
      verifyGoogleToken,
      env: { GOOGLE_CLIENT_ID: CLIENT_ID },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const googleLogin = (idToken: string) => postJson(t.app, '/api/google-login', { id_token: idToken })

  /** What the log-in page does: take a nonce from the server, which Google signs into the ID token. */
  const freshNonce = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/google-login/nonce' })).json<{ nonce: string }>().nonce
  const signed = async (claims: Record<string, unknown>, options: Parameters<typeof google.sign>[1] = {}) =>
    google.sign({ nonce: await freshNonce(), ...claims }, options)

  it('creates a customer keyed on Google sub and returns our session token', async () => {
    const res = await googleLogin(await signed({ sub: 'google-sub-1', email: 'grace@example.com' }))
    expect(res.statusCode).toBe(200)
    const account = (await getAccount(t.app, res.json<{ id_token: string }>().id_token)).json()
    expect(account).toMatchObject({
      email: 'grace@example.com',
      firstName: 'Grace',
      authorities: ['ROLE_CUSTOMER'],
    })
    const again = await googleLogin(await signed({ sub: 'google-sub-1', email: 'changed@example.com' }))
    expect((await getAccount(t.app, again.json<{ id_token: string }>().id_token)).json()).toMatchObject({
      email: 'grace@example.com',
    })
  })

  const accountRow = async (login: string) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.login, login))
    if (!row) throw new Error(`no account ${login}`)
    return row
  }

  it('links to an account whose e-mail its owner has proved, keeping its password and sessions', async () => {
    const shopper = await register(t.app)
    const session = await logIn(t.app, shopper.login, shopper.password)
    // As a completed password reset leaves it (password-reset.test.ts).
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.login, shopper.login))
    const res = await googleLogin(await signed({ sub: 'google-sub-2', email: shopper.email }))
    expect(res.statusCode).toBe(200)
    expect((await accountRow(shopper.login)).googleSub).toBe('google-sub-2')
    expect(await logIn(t.app, shopper.login, shopper.password)).toBeTypeOf('string')
    expect((await getAccount(t.app, session)).statusCode).toBe(200)
  })

  it('takes an account whose e-mail was never proved from whoever registered it, password and sessions', async () => {
    // Someone registers with an address that is not theirs, before its owner ever visits.
    const squatter = await register(t.app)
    const squatterSession = await logIn(t.app, squatter.login, squatter.password)
    const res = await googleLogin(await signed({ sub: 'google-sub-5', email: squatter.email }))
    expect(res.statusCode).toBe(200)
    const owner = await getAccount(t.app, res.json<{ id_token: string }>().id_token)
    expect(owner.json()).toMatchObject({ login: squatter.login, email: squatter.email })
    const row = await accountRow(squatter.login)
    expect(row).toMatchObject({ googleSub: 'google-sub-5', passwordHash: null })
    expect(row.emailVerifiedAt).toBeInstanceOf(Date)
    // The squatter can neither log in again nor go on with the session they had.
    await expect(logIn(t.app, squatter.login, squatter.password)).rejects.toThrow(/401/)
    expect((await getAccount(t.app, squatterSession)).statusCode).toBe(401)
  })

  it('proves the e-mail of an account it creates', async () => {
    const res = await googleLogin(await signed({ sub: 'google-sub-6', email: 'ada@example.com' }))
    const account = (await getAccount(t.app, res.json<{ id_token: string }>().id_token)).json<{
      login: string
    }>()
    expect((await accountRow(account.login)).emailVerifiedAt).toBeInstanceOf(Date)
  })

  it.each([
    ['an unverified e-mail', () => signed({ sub: 'g3', email: 'x@example.com', email_verified: false })],
    ['another audience', () => signed({ sub: 'g4', email: 'y@example.com' }, { audience: 'someone-else' })],
    [
      'another issuer',
      () => signed({ sub: 'g5', email: 'z@example.com' }, { issuer: 'https://evil.example' }),
    ],
    ['an expired token', () => signed({ sub: 'g6', email: 'w@example.com' }, { expiresIn: '-1m' })],
    ['garbage', () => Promise.resolve('not.a.jwt')],
  ])('refuses %s', async (_name, token) => {
    const res = await googleLogin(await token())
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: accountMessages.googleFailed })
  })

  it('says so when Google sign-in is not configured', async () => {
    const plain = await createTestApp('pglite', { seed: false })
    try {
      const res = await postJson(plain.app, '/api/google-login', { id_token: 'anything' })
      expect(res.statusCode).toBe(503)
      expect(res.json<{ message: string }>().message).toMatch(/not configured/)
      const config = await plain.app.inject({ method: 'GET', url: '/api/public/config' })
      expect(config.json()).toEqual({ googleClientId: null, appCheck: 'off', chatGroupUrl: null })
    } finally {
      await plain.close()
    }
  })

  it('refuses an ID token without a nonce from this server, or used before', async () => {
    const without = await google.sign({ sub: 'g-nonce-1', email: 'n1@example.com' })
    expect((await googleLogin(without)).statusCode).toBe(401)
    const madeUp = await google.sign({ sub: 'g-nonce-2', email: 'n2@example.com', nonce: 'abc.def.ghi' })
    expect((await googleLogin(madeUp)).statusCode).toBe(401)
    const nonce = await freshNonce()
    const [random, expires] = nonce.split('.')
    const forged = await google.sign({
      sub: 'g-nonce-3',
      email: 'n3@example.com',
      nonce: `${random}.${expires}.AAAA`,
    })
    expect((await googleLogin(forged)).statusCode).toBe(401)
    const once = await google.sign({ sub: 'g-nonce-4', email: 'n4@example.com', nonce })
    expect((await googleLogin(once)).statusCode).toBe(200)
    const replayed = await googleLogin(once)
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json()).toEqual({ message: accountMessages.googleFailed })
  })
})
