import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson, register } from '../../test/accounts-helpers'
import { loadConfig } from '../../config'
import { createTestApp, type TestApp } from '../../test/test-app'

describe('public config', () => {
  it("gives the browser the shop's chat group link when CHAT_GROUP_URL is set", async () => {
    const invite = 'https://chat.whatsapp.com/LarderNW10Shoppers'
    const t = await createTestApp('pglite', { seed: false, env: { CHAT_GROUP_URL: ` ${invite} ` } })
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/public/config' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ chatGroupUrl: invite })
    } finally {
      await t.close()
    }
  })

  it.each(['http://chat.whatsapp.com/abc', 'javascript:alert(1)', 'chat.whatsapp.com/abc'])(
    'refuses to start with CHAT_GROUP_URL=%s',
    (value) => {
      expect(() => loadConfig({ CHAT_GROUP_URL: value })).toThrow(
        /CHAT_GROUP_URL must be an https:\/\/ invite link/,
      )
    },
  )
})

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

  it('answers only on this machine, not to the network', async () => {
    for (const [remoteAddress, status] of [
      ['127.0.0.1', 200],
      ['::1', 200],
      ['::ffff:127.0.0.1', 200],
      ['192.168.1.20', 404],
      ['10.0.0.7', 404],
      ['::ffff:192.168.1.20', 404],
    ] as const) {
      for (const url of ['/dev/outbox.json', '/dev/outbox']) {
        expect(
          (await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode,
          `${remoteAddress} ${url}`,
        ).toBe(status)
      }
    }
  })

  it('answers no one whose connection is from the network, whatever X-Forwarded-For says', async () => {
    const behindProxy = await createTestApp('pglite', {
      seed: false,
      env: { NODE_ENV: 'development', TRUST_PROXY: 'true' },
    })
    try {
      const from = (remoteAddress: string, forwarded: string) =>
        behindProxy.app.inject({
          method: 'GET',
          url: '/dev/outbox.json',
          remoteAddress,
          headers: { 'x-forwarded-for': forwarded },
        })
      // A client on the private network names itself loopback.
      expect((await from('10.0.0.7', '127.0.0.1')).statusCode).toBe(404)
      // A proxy on this machine forwarding a browser elsewhere.
      expect((await from('127.0.0.1', '192.168.1.20')).statusCode).toBe(404)
      // A proxy on this machine forwarding a browser on this machine.
      expect((await from('127.0.0.1', '127.0.0.1')).statusCode).toBe(200)
    } finally {
      await behindProxy.close()
    }
  })

  it('is not there in production', async () => {
    const production = await createTestApp('pglite', {
      seed: false,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.test', MAIL_TRANSPORT: 'outbox' },
    })
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})
