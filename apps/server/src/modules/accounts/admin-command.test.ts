import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
import { getAccount, logIn, manualClock, postJson, register } from '../../test/accounts-helpers'
import { createTestApp, type TestApp } from '../../test/test-app'
import { parseAdminArgs, runAdminCommand } from './admin-command'
import { INVITATION_TTL_MS } from './invitations'

describe('parseAdminArgs', () => {
  it('takes create with an e-mail address, and a password for scripts', () => {
    expect(parseAdminArgs(['create', '--email', ' Owner@Example.com '])).toEqual({
      email: 'Owner@Example.com',
      password: undefined,
    })
    expect(parseAdminArgs(['create', '--email', 'a@b.co', '--password', 'sekrit1'])).toEqual({
      email: 'a@b.co',
      password: 'sekrit1',
    })
    expect(parseAdminArgs(['--help'])).toBe('help')
  })

  it('refuses what it cannot do, saying why', () => {
    expect(parseAdminArgs([])).toEqual({ error: 'Say what to do: create' })
    expect(parseAdminArgs(['delete', '--email', 'a@b.co'])).toEqual({ error: "Unknown command 'delete'" })
    expect(parseAdminArgs(['create'])).toEqual({ error: '--email must be an e-mail address' })
    expect(parseAdminArgs(['create', '--email', 'not-an-address'])).toEqual({
      error: '--email must be an e-mail address',
    })
    expect(parseAdminArgs(['create', '--email', 'a@b.co', '--password', 'short'])).toEqual({
      error: '--password must be 6 to 50 characters long',
    })
    expect(parseAdminArgs(['create', '--email', 'a@b.co', '--colour', 'red'])).toHaveProperty('error')
  })
})

describe('npm run admin -- create', () => {
  let t: TestApp
  const time = manualClock()
  beforeAll(async () => {
    t = await createTestApp('pglite', { clock: time.clock })
  })
  afterAll(async () => {
    await t?.close()
  })

  async function run(...argv: string[]) {
    const out: string[] = []
    const err: string[] = []
    const code = await runAdminCommand(
      argv,
      { db: t.database.db, clock: time.clock, publicUrl: 'https://larder.example' },
      { out: (line) => out.push(line), err: (line) => err.push(line) },
    )
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

  const linkKey = (text: string) => {
    const match = /https:\/\/larder\.example\/accept-invitation\?key=([\w%-]+)/.exec(text)
    if (!match?.[1]) throw new Error(`no link in: ${text}`)
    return decodeURIComponent(match[1])
  }

  it('prints a single-use link that sets the new operator’s password', async () => {
    const result = await run('create', '--email', 'owner@example.com')
    expect(result.code).toBe(0)
    expect(result.out).toContain('Operator account created for owner@example.com.')
    const key = linkKey(result.out)
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'owner@example.com'))
    expect(row).toMatchObject({ roles: ['ROLE_ADMIN'], passwordHash: null, shopId: null })

    expect(
      (await postJson(t.app, '/api/invitations/accept', { key, newPassword: 'owner-secret' })).statusCode,
    ).toBe(204)
    expect(
      (await postJson(t.app, '/api/invitations/accept', { key, newPassword: 'again-secret' })).statusCode,
    ).toBe(400)
    const token = await logIn(t.app, 'owner@example.com', 'owner-secret')
    expect((await getAccount(t.app, token)).json()).toMatchObject({ authorities: ['ROLE_ADMIN'] })
  })

  it('makes a link that stops working after 7 days', async () => {
    const key = linkKey((await run('create', '--email', 'late@example.com')).out)
    time.advance(INVITATION_TTL_MS + 1)
    expect(
      (await postJson(t.app, '/api/invitations/accept', { key, newPassword: 'too-late-1' })).statusCode,
    ).toBe(400)
  })

  it('sets the password at once with --password', async () => {
    const result = await run('create', '--email', 'script@example.com', '--password', 'scripted-pass')
    expect(result.code).toBe(0)
    expect(result.out).not.toContain('accept-invitation')
    await expect(logIn(t.app, 'script@example.com', 'scripted-pass')).resolves.toEqual(expect.any(String))
  })

  it('makes an existing customer an operator, and refuses shop staff', async () => {
    const shopper = await register(t.app)
    const promoted = await run('create', '--email', shopper.email, '--password', 'promoted-1')
    expect(promoted.code).toBe(0)
    expect(promoted.out).toContain('already had an account')
    const [row] = await t.database.db.select().from(users).where(eq(users.email, shopper.email))
    expect(row?.roles).toEqual(['ROLE_CUSTOMER', 'ROLE_ADMIN'])

    const vendor = await run('create', '--email', 'vendor1@larder.test')
    expect(vendor.code).toBe(1)
    expect(vendor.err).toContain('cannot be an operator')
  })

  it('answers 2 and the usage on bad arguments, changing nothing', async () => {
    const result = await run('create', '--email', 'nope')
    expect(result.code).toBe(2)
    expect(result.err).toContain('Usage: npm run admin -- create --email')
  })
})
