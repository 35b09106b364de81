/**
 * Short-lived caching of public catalogue reads and of the pages made from them (plugins/web.ts), for
 * routes that opt in with `config: { publicCache: true }`.
 *
 * - Registered before @fastify/compress (plugins/security.ts) so that its onSend hook sees the JSON or
 *   HTML text, not the compressed stream, and after @fastify/cookie, whose Set-Cookie it must see.
 * - Shared caches and browsers get an ETag and `Cache-Control: public, max-age=5, stale-while-revalidate=5`,
 *   so a stock change is visible to everyone within about 10 s, and a revalidation with If-None-Match costs
 *   a 304 without a body.
 * - The server keeps the serialised body of each URL for TTL_MS and answers repeats from memory: at 100 000
 *   products this is what brings listings close to the hello-world route (docs/benchmarks.md). Any request
 *   that may write (not GET/HEAD/OPTIONS) empties it before its reply is sent, so in this process a payment, a cart registration or
 *   any other change is visible to the next read; other server processes see it within TTL_MS.
 * - A read that began before such a write is not stored (a generation counter), so it cannot put the old
 *   state back after the write emptied the cache.
 * See docs/decisions/0005-catalogue-read-performance.md.
 */
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET route's 200 responses per URL (public data only: nothing may depend on the user). */
    publicCache?: boolean
    /** What browsers and shared caches are told of such a route's replies: CACHE_CONTROL unless given. */
    cacheControl?: string
  }
}

export const TTL_MS = 5_000
export const CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=5'
/** Query strings are user input: the memory held is bounded by bytes, oldest entries going first. */
export const MAX_BYTES = 32 * 1024 * 1024
/** The response headers a cached reply needs besides its body. */
const KEPT_HEADERS = ['content-type', 'x-total-count', 'link'] as const

interface Entry {
  body: string
  etag: string
  headers: Record<string, string>
  expires: number
}

export interface ResponseCacheOptions {
  now?: () => number
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  // Weak comparison (RFC 9110 §13.1.2): a W/ prefix from a proxy still names the same body.
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

export const responseCache = fp<ResponseCacheOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now
    const entries = new Map<string, Entry>()
    let bytes = 0
    let generation = 0
    const startedIn = new WeakMap<FastifyRequest, number>()
    const servedFromCache = new WeakSet<FastifyRequest>()

    const remove = (key: string) => {
      const entry = entries.get(key)
      if (!entry) return
      bytes -= entry.body.length
      entries.delete(key)
    }
    const store = (key: string, entry: Entry) => {
      remove(key)
      if (entry.body.length > MAX_BYTES) return
      while (bytes + entry.body.length > MAX_BYTES) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        remove(oldest)
      }
      entries.set(key, entry)
      bytes += entry.body.length
    }
    const cacheable = (request: FastifyRequest) =>
      request.method === 'GET' && request.routeOptions.config.publicCache === true
    const cacheControl = (request: FastifyRequest) =>
      request.routeOptions.config.cacheControl ?? CACHE_CONTROL

    const sendNotModified = (reply: FastifyReply) => reply.code(304).removeHeader('content-type')

    app.addHook('onRequest', async (request) => {
      if (cacheable(request)) startedIn.set(request, generation)
    })

    // Answered in preParsing, after every onRequest hook (security headers, auth), not in onRequest,
    // where replying would skip the hooks registered after this plugin.
    app.addHook('preParsing', async (request, reply) => {
      if (!cacheable(request)) return
      const entry = entries.get(request.url)
      if (!entry) return
      if (entry.expires <= now()) {
        remove(request.url)
        return
      }
      servedFromCache.add(request)
      reply.headers(entry.headers).header('etag', entry.etag).header('cache-control', cacheControl(request))
      if (matches(request.headers['if-none-match'], entry.etag)) {
        sendNotModified(reply)
        return reply.send()
      }
      return reply.send(entry.body)
    })

    app.addHook('onSend', async (request, reply, payload) => {
      // Before the reply leaves rather than after (onResponse): a client that reads right after its write
      // must not find the old state. A write refused with a 4xx changed nothing; counting those would let a
      // flood of bad requests keep the cache empty.
      const refused = reply.statusCode >= 400 && reply.statusCode < 500
      if (!SAFE_METHODS.has(request.method) && !refused) {
        generation++
        entries.clear()
        bytes = 0
        return payload
      }
      if (!cacheable(request) || servedFromCache.has(request)) return payload
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload
      // A reply that sets a cookie belongs to one visitor and must never be shared; one marked no-store
      // (a page whose rendering failed) is not worth keeping.
      if (reply.getHeader('set-cookie') !== undefined) return payload
      if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload
      // Weak: @fastify/compress may send the same body gzip- or br-encoded under this tag.
      const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`
      reply.header('etag', etag).header('cache-control', cacheControl(request))
      if (startedIn.get(request) === generation) {
        const headers: Record<string, string> = {}
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name)
          if (value !== undefined) headers[name] = String(value)
        }
        store(request.url, { body: payload, etag, headers, expires: now() + TTL_MS })
      }
      if (matches(request.headers['if-none-match'], etag)) {
        sendNotModified(reply)
        return ''
      }
      return payload
    })
  },
  { name: 'response-cache' },
)
