/**
 * Short-lived caching of public catalogue reads and of the pages made from them (plugins/web.ts), for
 * routes that opt in with `config: { publicCache: true }`.
 *
 * - Registered before @fastify/compress (plugins/security.ts) so that its onSend hook sees the JSON or
 *   HTML text, not the compressed stream, and after @fastify/cookie, whose Set-Cookie it must see.
 * - Shared caches and browsers get an ETag and `Cache-Control: public, max-age=5, stale-while-revalidate=5`,
 *   so a stock change is visible to everyone within about 10 s, and a revalidation with If-None-Match costs
 *   a 304 without a body.
 * - The server keeps the serialised body of each read for TTL_MS and answers repeats from memory: at 100 000
 *   products this is what brings listings close to the hello-world route (docs/benchmarks.md). The key is
 *   the route and the parameters it accepts, as its schema reads them (or, for a route without one, the
 *   query parameters its config names): a parameter the route ignores cannot make a new entry.
 * - A write that changes what the catalogue shows (a route marked `changesCatalogue`: a payment, a cart
 *   registration) empties it before its reply is sent, when it succeeded (2xx, 3xx), so in this process the
 *   change is visible to the next read; other server processes see it within TTL_MS. No other request
 *   touches it: neither a log-out, nor a write refused or failed, nor a flood of any of them.
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
    /** For a cached route without a querystring schema: the query parameters its replies depend on. */
    cacheQuery?: readonly string[]
    /** A write whose success changes catalogue reads (stock, provider ids): it empties the cache. */
    changesCatalogue?: boolean
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

interface Parser {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false }
}
const isParser = (schema: unknown): schema is Parser =>
  typeof schema === 'object' && schema !== null && typeof Reflect.get(schema, 'safeParse') === 'function'

/** Object entries without undefined values, sorted by name: one spelling for one set of parameters. */
const canonical = (value: unknown) =>
  typeof value === 'object' && value !== null
    ? Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    : []

/**
 * What a cached read is stored under: the route, then its path and query parameters as its own schemas read
 * them (so `?page=00` and `?page=0` are one entry, and `?x=1` is no new one), or undefined when they do not
 * validate (the route answers 400, which is not kept). A route without a querystring schema keeps the
 * parameters its `cacheQuery` names, as given.
 */
export function cacheKey(request: FastifyRequest): string | undefined {
  const { schema, config, url: route } = request.routeOptions
  let params: unknown = request.params
  if (isParser(schema?.params)) {
    const parsed = schema.params.safeParse(request.params)
    if (!parsed.success) return undefined
    params = parsed.data
  }
  let query: unknown
  if (isParser(schema?.querystring)) {
    const parsed = schema.querystring.safeParse(request.query)
    if (!parsed.success) return undefined
    query = parsed.data
  } else {
    const given = request.query as Record<string, unknown>
    query = Object.fromEntries((config.cacheQuery ?? []).map((name) => [name, given[name]]))
  }
  return `${route ?? ''} ${JSON.stringify(canonical(params))} ${JSON.stringify(canonical(query))}`
}

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
    const keys = new WeakMap<FastifyRequest, string>()
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
      if (!cacheable(request)) return
      startedIn.set(request, generation)
      const key = cacheKey(request)
      if (key !== undefined) keys.set(request, key)
    })

    // Answered in preParsing, after every onRequest hook (security headers, auth), not in onRequest,
    // where replying would skip the hooks registered after this plugin.
    app.addHook('preParsing', async (request, reply) => {
      const key = keys.get(request)
      if (key === undefined) return
      const entry = entries.get(key)
      if (!entry) return
      if (entry.expires <= now()) {
        remove(key)
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
      // must not find the old state. Only a write that changes catalogue reads, and succeeded: anything
      // else would let anyone keep the cache empty (a log-out without a session, a refused or failed call).
      const succeeded = reply.statusCode < 400
      if (request.routeOptions.config.changesCatalogue === true && succeeded) {
        generation++
        entries.clear()
        bytes = 0
        return payload
      }
      const key = keys.get(request)
      if (key === undefined || servedFromCache.has(request)) return payload
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
        store(key, { body: payload, etag, headers, expires: now() + TTL_MS })
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
