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

describe.each([
  ['true', '127.0.0.1'],
  ['10.1.2.3', '10.1.2.3'],
  ['192.168.0.0/16', '192.168.7.9'],
])('rate limits behind a proxy (TRUST_PROXY=%s, proxy at %s)', (trustProxy, proxy) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { TRUST_PROXY: trustProxy } })
  })
  afterAll(async () => {
    await t?.close()
  })

  // A name per attempt, so that only the per-address limit can answer 429.
  let attempts = 0
  const failedLogIn = { username: 'nobody', password: 'wrong password' }
  const nextName = () => ({ ...failedLogIn, username: `nobody-${(attempts += 1)}` })

  /** A log-in attempt from `client`, through the proxy, which appends the address it saw. */
  const viaProxy = (spoofed: string, client: string) =>
    postJson(t.app, '/api/authenticate', nextName(), proxy, {
      'x-forwarded-for': `${spoofed}, ${client}`,
    })

  it('keys on the address the proxy saw, whatever the client wrote into X-Forwarded-For', async () => {
    const statuses = []
    for (let i = 0; i < 11; i++) statuses.push((await viaProxy(`198.51.100.${i}`, '203.0.113.7')).statusCode)
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429])
    // Another shopper behind the same proxy is counted apart.
    expect((await viaProxy('198.51.100.1', '203.0.113.8')).statusCode).toBe(401)
  })

  it('believes no X-Forwarded-For from a client that connects directly', async () => {
    const direct = (spoofed: string) =>
      postJson(t.app, '/api/authenticate', nextName(), '203.0.113.50', {
        'x-forwarded-for': spoofed,
      })
    const statuses = []
    for (let i = 0; i < 11; i++) statuses.push((await direct(`198.51.100.${i}`)).statusCode)
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429])
  })
})

describe('TRUST_PROXY', () => {
  it('refuses what is not an address, a range or a network name', async () => {
    await expect(createTestApp('pglite', { seed: false, env: { TRUST_PROXY: 'yes' } })).rejects.toThrow(
      /TRUST_PROXY takes false, true/,
    )
  })
})
