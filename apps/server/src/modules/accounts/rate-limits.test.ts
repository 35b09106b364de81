import { count, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '../../db/schema'
import { manualClock, newShopper, nextIp, postJson, register } from '../../test/accounts-helpers'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/test-app'

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

  it('counts failed log-ins only: an owner logging in again and again from one address is not held up', async () => {
    const shopper = await register(t.app)
    const ip = nextIp()
    for (let i = 0; i < 15; i++) {
      const res = await postJson(
        t.app,
        '/api/authenticate',
        { username: shopper.login, password: shopper.password },
        ip,
      )
      expect(res.statusCode, `log-in ${i + 1}`).toBe(200)
    }
    // Guesses from that address are still counted and refused after ten.
    for (let i = 0; i < 10; i++) expect((await attempt(`guess${i}`, ip)).statusCode).toBe(401)
    expect((await attempt('guess-more', ip)).statusCode).toBe(429)
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

  /** Another server process on the same database. */
  const buildSecondApp = async (first: TestApp) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      JWT_SECRET: TEST_JWT_SECRET,
    })
    const app = await buildApp({
      config,
      db: first.database.db,
      listen: first.database.listen,
      clock: time.clock,
    })
    await app.ready()
    return app
  }

  const countersLike = async (pattern: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(rateLimits)
      .where(like(rateLimits.key, pattern))
    return row?.n ?? 0
  }

  it('keeps no counter for names that are no account, nor once the address is refused', async () => {
    const ip = nextIp()
    const before = await countersLike('login-account:%')
    for (let i = 0; i < 30; i++) await attempt(`nobody-${i}-${'x'.repeat(200)}`, ip)
    const shopper = await register(t.app)
    // Refused by the address's limit: the account's counter is not even created.
    expect((await attempt(shopper.login, ip)).statusCode).toBe(429)
    expect(await countersLike('login-account:%')).toBe(before)
    expect(await countersLike(`login-ip:${ip}`)).toBe(1)
  })

  it("counts an account's login and e-mail address as one account", async () => {
    const shopper = await register(t.app)
    for (let i = 0; i < 5; i++) expect((await attempt(shopper.login, nextIp())).statusCode).toBe(401)
    for (let i = 0; i < 5; i++)
      expect((await attempt(shopper.email.toUpperCase(), nextIp())).statusCode).toBe(401)
    expect((await attempt(shopper.email, nextIp())).statusCode).toBe(429)
  })

  it('lets the owner log in from an address they logged in from while guesses from elsewhere are refused', async () => {
    const shopper = await register(t.app)
    const home = nextIp()
    const logInFrom = (ip: string) =>
      postJson(t.app, '/api/authenticate', { username: shopper.login, password: shopper.password }, ip)
    expect((await logInFrom(home)).statusCode).toBe(200)
    for (let i = 0; i < 12; i++) await attempt(shopper.login, nextIp())
    expect((await logInFrom(nextIp())).statusCode).toBe(429)
    expect((await logInFrom(home)).statusCode).toBe(200)
  })

  it('counts IPv6 addresses by their /64', async () => {
    const statuses = []
    for (let i = 1; i <= 11; i++)
      statuses.push((await attempt(`v6-${i}`, `2001:db8:1:2::${i.toString(16)}`)).statusCode)
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429])
    expect((await attempt('v6-other', '2001:db8:1:3::1')).statusCode).toBe(401)
  })

  it('limits reset requests per account, not per spelling of its address', async () => {
    const shopper = await register(t.app)
    const reset = (email: string) =>
      postJson(t.app, '/api/account/all/reset-password/init', { email }, nextIp())
    const spellings = [
      shopper.email,
      shopper.email.toUpperCase(),
      ` ${shopper.email}`,
      shopper.email,
      shopper.email,
    ]
    for (const email of spellings) expect((await reset(email)).statusCode).toBe(200)
    expect((await reset(shopper.email.toUpperCase())).statusCode).toBe(429)
    // Unknown addresses still answer the spec's 404 and keep no counter.
    const before = await countersLike('reset-account:%')
    expect((await reset('nobody-at-all@example.com')).statusCode).toBe(404)
    expect(await countersLike('reset-account:%')).toBe(before)
  })

  it('keeps its counts in the database, so a second process sees them', async () => {
    const ip = nextIp()
    for (let i = 0; i < 10; i++) await attempt(`shared-${i}`, ip)
    const second = await buildSecondApp(t)
    try {
      expect(
        (await postJson(second, '/api/authenticate', { username: 'x', password: 'wrong password' }, ip))
          .statusCode,
      ).toBe(429)
    } finally {
      await second.close()
    }
  })

  it('deletes counters whose window has ended', async () => {
    const ip = nextIp()
    await attempt('soon-forgotten', ip)
    expect(await countersLike(`login-ip:${ip}`)).toBe(1)
    time.advance(2 * 60 * 60 * 1000)
    await attempt('another', nextIp())
    expect(await countersLike(`login-ip:${ip}`)).toBe(0)
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
