import { accountMessages } from '@larder/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  getAccount,
  logIn,
  manualClock,
  newShopper,
  nextIp,
  postJson,
  register,
} from '../../test/accounts-helpers'
import { createTestApp, type TestApp } from '../../test/test-app'

describe('common passwords and changing a password', () => {
  let t: TestApp
  const time = manualClock()
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, clock: time.clock })
  })
  afterAll(async () => {
    await t?.close()
  })

  const change = (token: string, body: Record<string, unknown>) =>
    postJson(t.app, '/api/account/change-password', body, nextIp(), { authorization: `Bearer ${token}` })

  it.each(['123456', 'password', 'aaaaaa', 'Qwerty123', 'ababab', 'iloveyou'])(
    'refuses to register with %s, saying why',
    async (password) => {
      const res = await postJson(t.app, '/api/register', newShopper({ password }))
      expect(res.statusCode).toBe(400)
      expect(res.json<{ message: string }>().message).toBe(accountMessages.passwordTooCommon)
    },
  )

  it('still says "Login name already used!" for a taken name, whatever the password', async () => {
    const shopper = await register(t.app)
    const again = await postJson(
      t.app,
      '/api/register',
      newShopper({ login: shopper.login, password: '123456' }),
    )
    expect(again.json<{ message: string }>().message).toBe(accountMessages.loginTaken)
  })

  it('keeps the storefront lengths: 6 to 50 characters', async () => {
    const short = await postJson(t.app, '/api/register', newShopper({ password: 'x7#q' }))
    expect(short.statusCode).toBe(400)
    const long = await postJson(
      t.app,
      '/api/register',
      newShopper({ password: 'k'.repeat(20) + 'v'.repeat(31) }),
    )
    expect(long.statusCode).toBe(400)
    expect(
      (await postJson(t.app, '/api/register', newShopper({ password: 'tram lines 42' }))).statusCode,
    ).toBe(201)
  })

  it('changes the password with the current one, ending every other session but the one that asked', async () => {
    const shopper = await register(t.app)
    const here = await logIn(t.app, shopper.login, shopper.password)
    const elsewhere = await logIn(t.app, shopper.login, shopper.password)
    time.advance(1)

    const wrong = await change(here, { currentPassword: 'not it at all', newPassword: 'a new one 2026' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<{ message: string }>().message).toBe(accountMessages.currentPasswordWrong)
    const common = await change(here, { currentPassword: shopper.password, newPassword: 'password1' })
    expect(common.json<{ message: string }>().message).toBe(accountMessages.passwordTooCommon)
    expect((await change(here, { currentPassword: shopper.password, newPassword: '12345' })).statusCode).toBe(
      400,
    )

    const changed = await change(here, { currentPassword: shopper.password, newPassword: 'a new one 2026' })
    expect(changed.statusCode).toBe(200)
    const { id_token: renewed } = changed.json<{ id_token: string }>()
    expect((await getAccount(t.app, renewed)).statusCode).toBe(200)
    expect((await getAccount(t.app, elsewhere)).statusCode).toBe(401)
    expect((await getAccount(t.app, here)).statusCode).toBe(401)
    await expect(logIn(t.app, shopper.login, shopper.password)).rejects.toThrow(/401/)
    expect(await logIn(t.app, shopper.login, 'a new one 2026')).toEqual(expect.any(String))
  })

  it('needs a session', async () => {
    const res = await postJson(t.app, '/api/account/change-password', {
      currentPassword: 'anything',
      newPassword: 'a new one 2026',
    })
    expect(res.statusCode).toBe(401)
  })
})
