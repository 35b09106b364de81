import cookie from '@fastify/cookie'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerXsrf, XSRF_COOKIE } from './xsrf'

const app = Fastify()

beforeAll(async () => {
  await app.register(cookie)
  registerXsrf(app, { secureCookie: true })
  app.get('/page', async () => 'page')
  await app.ready()
})
afterAll(() => app.close())

const tokenOf = (setCookie: unknown) => new RegExp(`^${XSRF_COOKIE}=([^;]*);`).exec(String(setCookie))?.[1]

describe('the XSRF cookie', () => {
  it('gives every new visitor a token of their own: 24 random bytes, none handed out twice', async () => {
    // More visitors than one batch of the token source (256), so that its refills are crossed.
    const tokens: string[] = []
    for (let i = 0; i < 600; i++) {
      const reply = await app.inject('/page')
      expect(reply.headers['set-cookie']).toMatch(/; Path=\/; Secure; SameSite=Strict$/)
      const token = tokenOf(reply.headers['set-cookie'])
      expect(Buffer.from(token ?? '', 'base64url')).toHaveLength(24)
      tokens.push(token ?? '')
    }
    expect(new Set(tokens).size).toBe(600)
  })

  it('sets nothing for a visitor who has one', async () => {
    const reply = await app.inject({ url: '/page', headers: { cookie: `${XSRF_COOKIE}=mine` } })
    expect(reply.headers['set-cookie']).toBeUndefined()
  })
})
