/**
 * Public catalogue reads and the pages made from them (plugins/web.ts), kept in memory until what they show
 * changes, for routes that opt in with `config: { publicCache: true }` (docs/decisions/0034).
 *
 * - Registered before @fastify/compress (plugins/security.ts) so that its onSend hook sees the JSON or
 *   HTML text, not the compressed stream, and after @fastify/cookie, whose Set-Cookie it must see.
 * - Each kept reply is tagged with what it shows (`reply.cacheTags`: products, shops, listings, the
 *   category tree; a page with the tags of every API read it made while rendering). Catalogue writes
 *   announce what they changed with PostgreSQL NOTIFY (lib/catalog-changes.ts); every process hears it and
 *   drops exactly the replies carrying those tags. Kept replies otherwise live SAFETY_TTL_MS, for changes
 *   made past the announcing code (SQL by hand).
 * - While the process cannot hear notices (its listening connection dropped), nothing is kept or served
 *   from memory, and everything kept before is dropped when it can hear again: notices may have been missed.
 * - A read that began before an invalidation of any of its tags is not kept, so it cannot put the old state
 *   back after the change dropped it.
 * - A reply is kept as its plain body with Brotli and gzip versions beside it, compressed once, off the
 *   event loop, before it is kept; a hit sends the one the client accepts and compresses nothing.
 * - Memory is bounded by `maxBytes` counting keys, bodies, compressed bodies, headers and tags; past it the
 *   least recently used replies go first, so the hot set stays however many cold URLs pass through.
 * - A visitor's XSRF cookie (`perVisitorCookies`) is added to every reply, kept or not, and is never part of
 *   what is kept: a new visitor's page comes from memory like anyone's. A reply setting any other cookie is
 *   one visitor's and is never kept.
 * - Shared caches and browsers get an ETag and `Cache-Control: public, max-age=5, stale-while-revalidate=5`
 *   (pages: `no-cache`), and a revalidation with If-None-Match costs a 304 without a body.
 * - The key is the route and the parameters it accepts, as its schema reads them (or, for a route without
 *   one, the query parameters its config names): a parameter the route ignores cannot make a new entry.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import { SAFETY_TTL_MS, type CatalogChangeFeed, type Invalidation } from '../lib/catalog-changes'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep this GET route's 200 responses per URL (public data only: nothing may depend on the user). */
    publicCache?: boolean
    /** What browsers and shared caches are told of such a route's replies: CACHE_CONTROL unless given. */
    cacheControl?: string
    /** For a cached route without a querystring schema: the query parameters its replies depend on. */
    cacheQuery?: readonly string[]
  }
  interface FastifyReply {
    /** What this reply shows (lib/catalog-changes.ts `catalogTags`): it is dropped when any of them changes. */
    cacheTags(tags: Iterable<string>): FastifyReply
  }
  interface FastifyInstance {
    responseCache: ResponseCacheControl
  }
}

export const CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=5'
export const DEFAULT_MAX_BYTES = 128 * 1024 * 1024
/** The response headers a kept reply needs besides its body. */
const KEPT_HEADERS = ['content-type', 'x-total-count', 'link', 'x-search-read-as'] as const
/** Bookkeeping per entry beyond its strings and buffers (the entry, the map's node, the tag sets' slots). */
const ENTRY_OVERHEAD = 512
/** Invalidations remembered for reads still under way; a read older than all of them is not kept. */
const INVALIDATION_LOG = 1_000
/**
 * Brotli 9 is within a few per cent of 11 on pages at a small fraction of its CPU (a kept page is compressed
 * again after every change that drops it); gzip 9 for the clients without Brotli. The window is sized to the
 * body (at most 4 MB): the encoder's memory follows the window, and a 4 MB one for a 2 kB reply, many at
 * once under load, is what the process's resident memory would show.
 */
const brotliOptions = (size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(size + 1)))),
  },
})
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

type Encoding = 'br' | 'gzip'
const ENCODINGS: Encoding[] = ['br', 'gzip']

interface Entry {
  plain: Buffer
  br: Buffer
  gzip: Buffer
  etag: string
  headers: Record<string, string>
  tags: readonly string[]
  size: number
  /** The order in which the read that made it began: a later read's reply is never replaced by an earlier one's. */
  order: number
}

export interface ResponseCacheOptions {
  /** The catalogue changes this process hears (lib/catalog-changes.ts). */
  feed: CatalogChangeFeed
  maxBytes?: number
  /** Cookies that are set per visitor on any reply and never make a reply that visitor's own. */
  perVisitorCookies?: readonly string[]
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

export interface ResponseCacheControl {
  /** Entries, bytes held (as counted against maxBytes) and the bound. */
  stats(): { entries: number; bytes: number; maxBytes: number }
  /** Resolves once every reply being compressed to be kept is kept (tests). */
  idle(): Promise<void>
}

/** The tags of the API reads a page render makes in-process (plugins/web-pages.ts injects them). */
const renderTags = new AsyncLocalStorage<Set<string>>()

/** Runs a page render, collecting the tags of every kept API read it makes, so the page carries them. */
export async function collectCacheTags<T>(
  render: () => Promise<T>,
): Promise<{ value: T; tags: Set<string> }> {
  const tags = new Set<string>()
  const value = await renderTags.run(tags, render)
  return { value, tags }
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  // Weak comparison (RFC 9110 §13.1.2): a W/ prefix from a proxy still names the same body.
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

/** The names of the cookies a Set-Cookie header sets. */
function cookieNames(header: unknown): string[] {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header]
  return values.map((value) => String(value).split('=', 1)[0]?.trim() ?? '')
}

export const responseCache = fp<ResponseCacheOptions>(
  async (app, options) => {
    const now = options.now ?? (() => performance.now())
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
    const perVisitor = new Set(options.perVisitorCookies ?? [])
    const { feed } = options

    /** Keys by tag, so an invalidation finds exactly its replies. */
    const byTag = new Map<string, Set<string>>()
    const untag = (key: string, tags: readonly string[]) => {
      for (const tag of tags) {
        const keys = byTag.get(tag)
        keys?.delete(key)
        if (keys?.size === 0) byTag.delete(tag)
      }
    }
    const entries = new LRUCache<string, Entry>({
      // lru-cache wants a positive bound; with maxBytes 0 nothing is ever put in it (keep, below).
      maxSize: Math.max(maxBytes, 1),
      sizeCalculation: (entry) => entry.size,
      ttl: SAFETY_TTL_MS,
      perf: { now },
      // Every look-up reads the clock (its default caches it for 1 ms with a timer).
      ttlResolution: 0,
      dispose: (entry, key) => untag(key, entry.tags),
    })

    // Invalidations by sequence number, for reads under way: `seq` counts every invalidation so far.
    let seq = 0
    const log: Invalidation[] = []
    const invalidatedSince = (started: number, tags: readonly string[]) => {
      if (seq - started > log.length) return true
      for (let i = log.length - (seq - started); i < log.length; i++) {
        const invalidation = log[i]
        if (invalidation === 'all' || invalidation?.some((tag) => tags.includes(tag))) return true
      }
      return false
    }
    const invalidate = (invalidation: Invalidation) => {
      seq++
      log.push(invalidation)
      if (log.length > INVALIDATION_LOG) log.shift()
      if (invalidation === 'all') {
        entries.clear()
        byTag.clear()
        return
      }
      for (const tag of invalidation) {
        for (const key of [...(byTag.get(tag) ?? [])]) entries.delete(key)
      }
    }
    feed.subscribe(invalidate)

    const pending = new Set<Promise<void>>()
    const keep = (
      key: string,
      body: string,
      fields: Pick<Entry, 'etag' | 'headers' | 'tags' | 'order'>,
      started: number,
    ) => {
      const plain = Buffer.from(body)
      // A reply that could never fit (or a cache of size 0, which keeps nothing: what a miss costs) is not
      // compressed only to be thrown away.
      if (ENTRY_OVERHEAD + key.length * 2 + plain.length > maxBytes) return
      const work = Promise.all([brotli(plain, brotliOptions(plain.length)), gzip(plain, { level: 9 })]).then(
        ([br, gz]) => {
          // Changed while it was being compressed, or notices cannot be heard now: not kept.
          if (!feed.live || invalidatedSince(started, fields.tags)) return
          let size = ENTRY_OVERHEAD + key.length * 2 + plain.length + br.length + gz.length
          size += fields.etag.length * 2
          for (const [name, value] of Object.entries(fields.headers)) size += (name.length + value.length) * 2
          for (const tag of fields.tags) size += tag.length * 4
          if (size > maxBytes) return
          // Compressions finish in any order: a read that began earlier does not replace a later one's reply.
          const old = entries.peek(key)
          if (old && old.order > fields.order) return
          if (old) untag(key, old.tags)
          entries.set(key, { plain, br, gzip: gz, ...fields, size })
          for (const tag of fields.tags) {
            let keys = byTag.get(tag)
            if (!keys) byTag.set(tag, (keys = new Set()))
            keys.add(key)
          }
        },
      )
      const settled = work.catch(() => undefined).finally(() => pending.delete(settled))
      pending.add(settled)
    }

    app.decorate('responseCache', {
      stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, maxBytes }),
      idle: async () => {
        while (pending.size > 0) await Promise.all([...pending])
      },
    } satisfies ResponseCacheControl)

    const startedIn = new WeakMap<FastifyRequest, number>()
    /** Counts cacheable reads as they begin (Entry.order). */
    let reads = 0
    const orderOf = new WeakMap<FastifyRequest, number>()
    const keys = new WeakMap<FastifyRequest, string>()
    const servedFromCache = new WeakSet<FastifyRequest>()
    const tagsOf = new WeakMap<FastifyRequest, Set<string>>()
    app.decorateReply('cacheTags', function (this: FastifyReply, tags: Iterable<string>) {
      let kept = tagsOf.get(this.request)
      if (!kept) tagsOf.set(this.request, (kept = new Set()))
      for (const tag of tags) kept.add(tag)
      return this
    })

    const cacheable = (request: FastifyRequest) =>
      request.method === 'GET' && request.routeOptions.config.publicCache === true
    const cacheControl = (request: FastifyRequest) =>
      request.routeOptions.config.cacheControl ?? CACHE_CONTROL
    const sendNotModified = (reply: FastifyReply) => reply.code(304).removeHeader('content-type')

    app.addHook('onRequest', async (request) => {
      if (!cacheable(request)) return
      startedIn.set(request, seq)
      orderOf.set(request, ++reads)
      const key = cacheKey(request)
      if (key !== undefined) keys.set(request, key)
    })

    // Answered in preParsing, after every onRequest hook (security headers, auth, the XSRF cookie), not in
    // onRequest, where replying would skip the hooks registered after this plugin.
    app.addHook('preParsing', async (request, reply) => {
      if (!feed.live) return
      const key = keys.get(request)
      if (key === undefined) return
      const entry = entries.get(key)
      if (!entry) return
      servedFromCache.add(request)
      const tags = renderTags.getStore()
      if (tags) for (const tag of entry.tags) tags.add(tag)
      reply
        .headers(entry.headers)
        .header('etag', entry.etag)
        .header('cache-control', cacheControl(request))
        .header('vary', 'accept-encoding')
      if (matches(request.headers['if-none-match'], entry.etag)) {
        sendNotModified(reply)
        return reply.send()
      }
      const accepted = request.headers['accept-encoding']
      const encoding = accepted ? negotiate(accepted, ENCODINGS) : undefined
      if (encoding === 'br' || encoding === 'gzip') {
        return reply.header('content-encoding', encoding).send(entry[encoding])
      }
      return reply.send(entry.plain)
    })

    app.addHook('onSend', async (request, reply, payload) => {
      const key = keys.get(request)
      if (key === undefined || servedFromCache.has(request)) return payload
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload
      // A reply that sets a cookie of its own belongs to one visitor and must never be shared; one marked
      // no-store (a page whose rendering failed) is not worth keeping.
      if (cookieNames(reply.getHeader('set-cookie')).some((name) => !perVisitor.has(name))) return payload
      if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload
      const tags = [...(tagsOf.get(request) ?? [])]
      const collecting = renderTags.getStore()
      if (collecting) for (const tag of tags) collecting.add(tag)
      // Weak: the same body goes out plain, gzip- or br-encoded under this tag.
      const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`
      reply.header('etag', etag).header('cache-control', cacheControl(request))
      const started = startedIn.get(request)
      if (feed.live && started !== undefined && !invalidatedSince(started, tags)) {
        const headers: Record<string, string> = {}
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name)
          if (value !== undefined) headers[name] = String(value)
        }
        keep(key, payload, { etag, headers, tags, order: orderOf.get(request) ?? 0 }, started)
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
