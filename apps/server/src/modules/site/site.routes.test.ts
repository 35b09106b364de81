import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson, register } from '../../test/accounts-helpers'
import { createTestApp, type TestApp } from '../../test/test-app'

describe('development outbox', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      seed: false,
      env: { NODE_ENV: 'development', PUBLIC_URL: 'http://shop.test' },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists the mail the store kept, with clickable links', async () => {
    const shopper = await register(t.app)
    await postJson(t.app, '/api/account/all/reset-password/init', { email: shopper.email })
    const json = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })
    const [mail] = json.json<{ to: string; subject: string; text: string }[]>()
    expect(mail?.to).toBe(shopper.email)
    expect(mail?.text).toContain('http://shop.test/reset-password?key=')
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toMatch(/<a href="http:\/\/shop\.test\/reset-password\?key=[\w-]+">/)
  })

  it('is not there in production', async () => {
    const production = await createTestApp('pglite', { seed: false, env: { NODE_ENV: 'production' } })
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})
