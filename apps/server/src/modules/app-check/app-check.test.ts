import { solveChallenge } from 'altcha-lib/v1'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newShopper, nextIp, postJson } from '../../test/accounts-helpers'
import { createTestApp, type TestApp } from '../../test/test-app'

describe('app check under APP_CHECK=enforce', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { APP_CHECK: 'enforce' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  /** What the browser does: fetch a challenge, find the number, send the solution back. */
  async function solvedPayload() {
    const challenge = (await t.app.inject({ method: 'GET', url: '/api/app-check/challenge' })).json<{
      algorithm: string
      challenge: string
      maxnumber: number
      salt: string
      signature: string
    }>()
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise
    if (!solution) throw new Error('challenge not solved')
    const payload = { ...challenge, number: solution.number }
    return Buffer.from(JSON.stringify(payload)).toString('base64')
  }

  it('refuses register, reset and contact calls without a token', async () => {
    for (const [url, body] of [
      ['/api/register', newShopper()],
      ['/api/account/all/reset-password/init', { email: 'a@example.com' }],
      ['/api/public/contact-messages', { message: 'hello', email: 'ada@example.com' }],
    ] as const) {
      const res = await postJson(t.app, url, body)
      expect(res.statusCode).toBe(403)
      expect(res.json<{ message: string }>().message).toMatch(/integrity/i)
    }
  })

  it('accepts them with a token bought by solving a challenge, once per solution', async () => {
    const payload = await solvedPayload()
    const ip = nextIp()
    const exchanged = await postJson(t.app, '/api/app-check/token', { payload }, ip)
    expect(exchanged.statusCode).toBe(200)
    const { token, ttl } = exchanged.json<{ token: string; ttl: number }>()
    expect(ttl).toBe(600)
    const res = await postJson(t.app, '/api/register', newShopper(), ip, { 'x-app-check': token })
    expect(res.statusCode).toBe(201)

    const replay = await postJson(t.app, '/api/app-check/token', { payload })
    expect(replay.statusCode).toBe(400)
    expect(
      (await postJson(t.app, '/api/register', newShopper(), nextIp(), { 'x-app-check': 'forged' }))
        .statusCode,
    ).toBe(403)
  })

  it('refuses a wrong solution', async () => {
    const payload = JSON.parse(Buffer.from(await solvedPayload(), 'base64').toString()) as Record<
      string,
      unknown
    >
    const wrong = Buffer.from(JSON.stringify({ ...payload, number: Number(payload.number) + 1 })).toString(
      'base64',
    )
    expect((await postJson(t.app, '/api/app-check/token', { payload: wrong })).statusCode).toBe(400)
    expect((await postJson(t.app, '/api/app-check/token', { payload: '%%%' })).statusCode).toBe(400)
  })

  it('binds a token to the address that bought it and to a few uses', async () => {
    const ip = nextIp()
    const exchanged = await postJson(t.app, '/api/app-check/token', { payload: await solvedPayload() }, ip)
    const { token, uses } = exchanged.json<{ token: string; uses: number }>()
    expect(uses).toBe(5)
    const withToken = { 'x-app-check': token }
    const contact = (from: string) =>
      postJson(
        t.app,
        '/api/public/contact-messages',
        { name: 'Ada', email: 'ada@example.com', message: 'hello' },
        from,
        withToken,
      )
    // From another address the token is worth nothing.
    expect((await contact(nextIp())).statusCode).toBe(403)
    const statuses = []
    for (let i = 0; i < 5; i++)
      statuses.push((await postJson(t.app, '/api/register', newShopper(), ip, withToken)).statusCode)
    expect(statuses).toEqual([201, 201, 201, 201, 201])
    expect((await postJson(t.app, '/api/register', newShopper(), ip, withToken)).statusCode).toBe(403)
  })

  it('answers 400, never 500, to malformed payloads', async () => {
    const valid = JSON.parse(Buffer.from(await solvedPayload(), 'base64').toString()) as Record<
      string,
      unknown
    >
    const variants: unknown[] = [
      { ...valid, algorithm: 'FOO' },
      { ...valid, algorithm: 'MD5' },
      { ...valid, number: String(valid.number) },
      { ...valid, number: null },
      { ...valid, number: -1 },
      { ...valid, salt: null },
      { ...valid, signature: 42 },
      { ...valid, challenge: ['x'] },
      null,
      [],
      'text',
      42,
    ]
    for (const variant of variants) {
      const payload = Buffer.from(JSON.stringify(variant)).toString('base64')
      const res = await postJson(t.app, '/api/app-check/token', { payload })
      expect(res.statusCode, JSON.stringify(variant)).toBe(400)
    }
  })
})
