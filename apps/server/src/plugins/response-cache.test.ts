import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CACHE_CONTROL, responseCache, TTL_MS } from './response-cache'

describe('response cache', () => {
  let app: FastifyInstance
  let now = 0
  let served = 0
  let status = 200

  beforeEach(async () => {
    now = 1_000_000
    served = 0
    status = 200
    app = Fastify()
    await app.register(responseCache, { now: () => now })
    const body = async (
      _: unknown,
      reply: { header(name: string, value: string): unknown; code(n: number): unknown },
    ) => {
      served++
      reply.header('X-Total-Count', String(served))
      reply.code(status)
      return { served }
    }
    app.get('/public', { config: { publicCache: true } }, body)
    app.get('/private', body)
    app.get('/with-cookie', { config: { publicCache: true } }, async (_request, reply) => {
      served++
      reply.header('set-cookie', 'visitor=1')
      return { served }
    })
    app.post('/write', async () => ({ ok: true }))
    app.post('/paid', async (_request, reply) => reply.redirect('/confirmation', 303))
    app.post('/refused', async (_request, reply) => reply.code(403).send({ message: 'no' }))
    app.post('/failed', async () => {
      throw new Error('broke halfway')
    })
    await app.ready()
  })
  afterEach(async () => {
    await app.close()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers })

  it('answers a repeated public read from memory with the same body, headers and ETag', async () => {
    const first = await get('/public')
    const second = await get('/public')
    expect(served).toBe(1)
    expect(second.json()).toEqual({ served: 1 })
    expect(second.headers['content-type']).toMatch(/^application\/json/)
    expect(second.headers['x-total-count']).toBe('1')
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(first.headers['cache-control']).toBe(CACHE_CONTROL)
    expect(second.headers['cache-control']).toBe(CACHE_CONTROL)
  })

  it('keys on the whole URL, query string included', async () => {
    await get('/public?page=0')
    await get('/public?page=1')
    expect(served).toBe(2)
  })

  it('answers If-None-Match with 304 and no body, fresh or from memory', async () => {
    const { etag } = (await get('/public')).headers
    expect(etag).toMatch(/^W\/".+"$/)
    const cached = await get('/public', { 'if-none-match': String(etag) })
    expect(cached.statusCode).toBe(304)
    expect(cached.body).toBe('')
    expect(cached.headers.etag).toBe(etag)

    await app.inject({ method: 'POST', url: '/write' })
    const weak = await get('/public', { 'if-none-match': `W/${String(etag)}, "other"` })
    // Recomputed after the write: the body changed (served is 2), so the old tag no longer matches.
    expect(weak.statusCode).toBe(200)
    const again = await get('/public', { 'if-none-match': String(weak.headers.etag) })
    expect(again.statusCode).toBe(304)
  })

  it('forgets everything on a write, and after TTL_MS', async () => {
    await get('/public')
    await app.inject({ method: 'POST', url: '/write' })
    expect((await get('/public')).json()).toEqual({ served: 2 })
    now += TTL_MS - 1
    expect((await get('/public')).json()).toEqual({ served: 2 })
    now += 1
    expect((await get('/public')).json()).toEqual({ served: 3 })
  })

  it('forgets everything on a write answered with a redirect or a server error too', async () => {
    for (const url of ['/paid', '/failed']) {
      await get('/public')
      const cached = served
      await app.inject({ method: 'POST', url })
      await get('/public')
      expect(served, url).toBe(cached + 1)
    }
  })

  it('keeps what it has through writes refused with a 4xx and through unknown paths, which changed nothing', async () => {
    await get('/public')
    for (const url of ['/refused', '/no-such-route']) {
      expect((await app.inject({ method: 'POST', url })).statusCode).toBeGreaterThanOrEqual(400)
    }
    expect((await get('/public')).json()).toEqual({ served: 1 })
  })

  it('does not keep a read that was under way when a write finished', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    await app.close()
    app = Fastify()
    await app.register(responseCache, { now: () => now })
    app.get('/slow', { config: { publicCache: true } }, async () => {
      served++
      await gate
      return { served }
    })
    app.post('/write', async () => ({ ok: true }))
    const slow = get('/slow')
    await new Promise((resolve) => setImmediate(resolve))
    await app.inject({ method: 'POST', url: '/write' })
    release()
    await slow
    await get('/slow')
    expect(served).toBe(2)
  })

  it('caches only marked routes, only 200 responses and never one that sets a cookie', async () => {
    await get('/private')
    const res = await get('/private')
    expect(served).toBe(2)
    expect(res.headers.etag).toBeUndefined()
    expect(res.headers['cache-control']).toBeUndefined()

    status = 404
    await get('/public')
    await get('/public')
    expect(served).toBe(4)

    const personal = await get('/with-cookie')
    await get('/with-cookie')
    expect(served).toBe(6)
    expect(personal.headers['cache-control']).toBeUndefined()
  })
})
