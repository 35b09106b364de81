import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock, newShopper, nextIp, postJson, register } from '../../test/accounts-helpers'
import { createTestApp, type TestApp } from '../../test/test-app'

describe('account rate limits', () => {
  let t: TestApp
  const time = manualClock()
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, clock: time.clock })
  })
  afterAll(async () => {
    await t?.close()
  })

  const attempt = (username: string, ip: string) =>
    postJson(t.app, '/api/authenticate', { username, password: 'wrong password' }, ip)

  it('allows 10 log-in attempts a minute per IP, then 429 with Retry-After', async () => {
    const ip = nextIp()
    for (let i = 0; i < 10; i++) expect((await attempt(`someone${i}`, ip)).statusCode).toBe(401)
    const limited = await attempt('someone-else', ip)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    time.advance(60_000)
    expect((await attempt('someone-else', ip)).statusCode).toBe(401)
  })

  it('allows 10 log-in attempts a minute per account, from any number of IPs', async () => {
    const shopper = await register(t.app)
    for (let i = 0; i < 10; i++) await attempt(shopper.login, nextIp())
    const limited = await postJson(
      t.app,
      '/api/authenticate',
      { username: shopper.login.toUpperCase(), password: shopper.password },
      nextIp(),
    )
    expect(limited.statusCode).toBe(429)
  })

  it('allows 10 registrations an hour per IP', async () => {
    const ip = nextIp()
    for (let i = 0; i < 10; i++)
      expect((await postJson(t.app, '/api/register', newShopper(), ip)).statusCode).toBe(201)
    expect((await postJson(t.app, '/api/register', newShopper(), ip)).statusCode).toBe(429)
    expect((await postJson(t.app, '/api/register', newShopper(), nextIp())).statusCode).toBe(201)
  })
})
