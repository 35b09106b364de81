import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
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
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
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
    app.get(
      '/listing/:id',
      {
        config: { publicCache: true },
        schema: {
          params: z.object({ id: z.coerce.number().int() }),
          querystring: z.object({ page: z.coerce.number().int().default(0), search: z.string().optional() }),
        },
      },
      body,
    )
    app.get('/page/*', { config: { publicCache: true, cacheQuery: ['search'] } }, body)
    app.get('/with-cookie', { config: { publicCache: true } }, async (_request, reply) => {
      served++
      reply.header('set-cookie', 'visitor=1')
      return { served }
    })
    const changesCatalogue = { config: { changesCatalogue: true } }
    app.post('/write', changesCatalogue, async () => ({ ok: true }))
    app.post('/paid', changesCatalogue, async (_request, reply) => reply.redirect('/confirmation', 303))
    app.post('/refused', changesCatalogue, async (_request, reply) => reply.code(403).send({ message: 'no' }))
    app.post('/failed', changesCatalogue, async () => {
      throw new Error('broke halfway')
    })
    app.post('/logout', async (_request, reply) => reply.code(204).send())
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

  it('keys on the parameters the route accepts, as its schema reads them', async () => {
    await get('/listing/1?page=0')
    await get('/listing/1?page=1')
    expect(served).toBe(2)
    // The same parameters spelt otherwise, or with ones the route ignores, are the same entry.
    for (const url of [
      '/listing/1?page=00',
      '/listing/01?page=0&x=random',
      '/listing/1?x=1',
      '/listing/1?page=0&page2=3',
    ])
      await get(url)
    expect(served).toBe(2)
    await get('/listing/1?page=0&search=tea')
    expect(served).toBe(3)
    // Parameters that do not validate are answered (400) and not kept.
    expect((await get('/listing/1?page=abc')).statusCode).toBe(400)
  })

  it('keys a route without a querystring schema on the query parameters its config names', async () => {
    await get('/page/products?search=tea')
    await get('/page/products?search=tea&utm=1')
    await get('/page/products?utm=2&search=tea')
    expect(served).toBe(1)
    await get('/page/products?search=milk')
    await get('/page/other')
    expect(served).toBe(3)
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

  it('forgets everything on a catalogue write answered with a redirect too', async () => {
    await get('/public')
    await app.inject({ method: 'POST', url: '/paid' })
    await get('/public')
    expect(served).toBe(2)
  })

  it('keeps what it has through writes that change no catalogue read, refused or failed writes and unknown paths', async () => {
    await get('/public')
    for (const url of ['/logout', '/refused', '/failed', '/no-such-route'])
      await app.inject({ method: 'POST', url })
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
    app.post('/write', { config: { changesCatalogue: true } }, async () => ({ ok: true }))
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
