import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCatalogChangeFeed, SAFETY_TTL_MS, type CatalogChangeFeed } from '../lib/catalog-changes'
import { CACHE_CONTROL, collectCacheTags, responseCache } from './response-cache'

/** Text that compresses slowly and poorly: random letters. */
const randomText = (length: number) =>
  Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')

describe('response cache', () => {
  let app: FastifyInstance
  let feed: CatalogChangeFeed
  let now = 0
  let served = 0
  let status = 200

  async function start(maxBytes?: number) {
    app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    feed = createCatalogChangeFeed()
    await app.register(responseCache, {
      feed,
      now: () => now,
      perVisitorCookies: ['XSRF-TOKEN'],
      ...(maxBytes !== undefined ? { maxBytes } : {}),
    })
    app.get<{ Params: { id: string } }>(
      '/product/:id',
      { config: { publicCache: true } },
      async (request, reply) => {
        served++
        reply.header('X-Total-Count', String(served)).code(status)
        reply.cacheTags([`product:${request.params.id}`])
        // Long enough for the compressed versions to be worth choosing.
        return { served, id: request.params.id, text: 'bread and butter '.repeat(200) }
      },
    )
    app.get('/private', async () => ({ served: ++served }))
    const body = async (
      _: unknown,
      reply: { header(name: string, value: string): unknown; code(n: number): unknown },
    ) => {
      served++
      reply.header('X-Total-Count', String(served))
      reply.code(status)
      return { served }
    }
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
    app.get('/with-xsrf', { config: { publicCache: true } }, async (_request, reply) => {
      served++
      reply.header('set-cookie', `XSRF-TOKEN=${served}; Path=/`)
      return { served }
    })
    app.get('/page', { config: { publicCache: true } }, async (_request, reply) => {
      served++
      const { tags } = await collectCacheTags(async () => {
        await app.inject({ method: 'GET', url: '/product/1' })
        await app.inject({ method: 'GET', url: '/product/2' })
      })
      reply.cacheTags(tags)
      return { served, page: true }
    })
    // The first read's reply is large (slow to compress), every later one small.
    app.get('/growing', { config: { publicCache: true } }, async () => {
      served++
      return { served, text: served === 1 ? randomText(2_000_000) : 'small' }
    })
    app.post('/logout', async (_request, reply) => reply.code(204).send())
    await app.ready()
  }

  beforeEach(async () => {
    now = 1_000_000
    served = 0
    status = 200
    await start()
  })
  afterEach(async () => {
    await app.close()
  })

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers })
    await app.responseCache.idle()
    return response
  }

  it('answers a repeated public read from memory with the same body, headers and ETag', async () => {
    const first = await get('/product/1')
    const second = await get('/product/1')
    expect(served).toBe(1)
    expect(second.json()).toEqual(first.json())
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

  it('sends the kept Brotli or gzip body the client accepts, and the plain one otherwise', async () => {
    const plain = (await get('/product/1')).body
    const br = await get('/product/1', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain)
    expect(br.rawPayload.length).toBeLessThan(plain.length / 5)
    const gz = await get('/product/1', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain)
    const none = await get('/product/1', { 'accept-encoding': 'identity' })
    expect(none.headers['content-encoding']).toBeUndefined()
    expect(none.body).toBe(plain)
    expect(served).toBe(1)
  })

  it('answers If-None-Match with 304 and no body, fresh or from memory', async () => {
    const { etag } = (await get('/product/1')).headers
    expect(etag).toMatch(/^W\/".+"$/)
    const cached = await get('/product/1', { 'if-none-match': String(etag) })
    expect(cached.statusCode).toBe(304)
    expect(cached.body).toBe('')
    expect(cached.headers.etag).toBe(etag)

    feed.publish(['product:1'])
    const weak = await get('/product/1', { 'if-none-match': `W/${String(etag)}, "other"` })
    // Made again after the change: the body changed (served is 2), so the old tag no longer matches.
    expect(weak.statusCode).toBe(200)
    const again = await get('/product/1', { 'if-none-match': String(weak.headers.etag) })
    expect(again.statusCode).toBe(304)
  })

  it('drops exactly the replies tagged with what changed, pages made from them included', async () => {
    await get('/product/1')
    await get('/product/2')
    await get('/product/3')
    await get('/page')
    expect(served).toBe(4)
    feed.publish(['product:2'])
    await get('/product/1')
    await get('/product/3')
    expect(served).toBe(4)
    // The page read product 2 while it rendered: it goes with it.
    expect((await get('/page')).json()).toEqual({ served: 6, page: true })
    feed.publish(['product:9'])
    await get('/page')
    expect(served).toBe(6)
  })

  it('keeps the reply of the read that began last, whichever finished compressing last', async () => {
    // Both miss; the first one's compression ends well after the second's.
    const [, second] = await Promise.all([
      app.inject({ method: 'GET', url: '/growing' }),
      app.inject({ method: 'GET', url: '/growing' }),
    ])
    await app.responseCache.idle()
    expect(second?.json()).toMatchObject({ served: 2 })
    expect((await get('/growing')).json()).toEqual({ served: 2, text: 'small' })
    expect(served).toBe(2)
  })

  it('drops everything on "all", and any reply after the long safety limit', async () => {
    await get('/product/1')
    feed.publish('all')
    await get('/product/1')
    expect(served).toBe(2)
    now += SAFETY_TTL_MS - 1
    await get('/product/1')
    expect(served).toBe(2)
    now += 2
    await get('/product/1')
    expect(served).toBe(3)
  })

  it('neither keeps nor serves anything while changes cannot be heard', async () => {
    await get('/product/1')
    feed.setLive(false)
    await get('/product/1')
    await get('/product/1')
    expect(served).toBe(3)
    feed.setLive(true)
    await get('/product/1')
    await get('/product/1')
    expect(served).toBe(4)
  })

  it('does not keep a read that was under way when what it shows changed, and keeps one when something else did', async () => {
    let hold = false
    let release: () => void = () => {}
    await app.close()
    app = Fastify()
    feed = createCatalogChangeFeed()
    await app.register(responseCache, { feed, now: () => now })
    app.get<{ Params: { id: string } }>(
      '/slow/:id',
      { config: { publicCache: true } },
      async (request, reply) => {
        served++
        if (hold) await new Promise<void>((resolve) => (release = resolve))
        reply.cacheTags([`product:${request.params.id}`])
        return { served }
      },
    )
    await app.ready()
    const waitForHandler = () => new Promise((resolve) => setImmediate(resolve))
    const underWay = async (url: string) => {
      hold = true
      const response = get(url)
      await waitForHandler()
      feed.publish(['product:1'])
      hold = false
      release()
      await response
    }

    await underWay('/slow/1')
    await get('/slow/1')
    expect(served).toBe(2)

    await underWay('/slow/2')
    await get('/slow/2')
    expect(served).toBe(3)
  })

  it('keeps a reply that sets only the visitor XSRF cookie, without it, and serves it to the next new visitor', async () => {
    const first = await get('/with-xsrf')
    expect(first.headers['set-cookie']).toContain('XSRF-TOKEN=1')
    const second = await get('/with-xsrf')
    expect(served).toBe(1)
    expect(second.headers['set-cookie']).toBeUndefined()
    expect(second.json()).toEqual({ served: 1 })
  })

  it('caches only marked routes, only 200 responses and never one that sets a cookie of its own', async () => {
    await get('/private')
    const res = await get('/private')
    expect(served).toBe(2)
    expect(res.headers.etag).toBeUndefined()
    expect(res.headers['cache-control']).toBeUndefined()

    status = 404
    await get('/product/1')
    await get('/product/1')
    expect(served).toBe(4)

    const personal = await get('/with-cookie')
    await get('/with-cookie')
    expect(served).toBe(6)
    expect(personal.headers['cache-control']).toBeUndefined()
  })

  it('holds at most maxBytes, keys included, evicting the least recently used first', async () => {
    await app.close()
    const maxBytes = 400_000
    await start(maxBytes)
    await get('/product/hot')
    const junk = 'x'.repeat(5_000)
    for (let i = 0; i < 400; i++) {
      await get(`/product/${i}?junk=${junk}${i}`)
      // Used again and again, the hot reply stays while the cold ones pass through.
      if (i % 10 === 0) await get('/product/hot')
      expect(app.responseCache.stats().bytes).toBeLessThanOrEqual(maxBytes)
    }
    const before = served
    await get('/product/hot')
    expect(served).toBe(before)
    // 400 replies with 10 kB keys cannot all fit: the bound counted the keys.
    expect(app.responseCache.stats().entries).toBeLessThan(400)
  })

  it('keeps nothing with maxBytes 0: every read is computed, as the benchmarks of a miss want', async () => {
    await app.close()
    await start(0)
    await get('/product/1')
    await get('/product/1')
    expect(served).toBe(2)
    expect(app.responseCache.stats()).toMatchObject({ entries: 0, bytes: 0 })
  })
})
