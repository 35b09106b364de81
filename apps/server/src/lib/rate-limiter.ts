import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit'
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/client'
import { rateLimits } from '../db/schema'
import { HttpError } from '../plugins/errors'
import type { Clock } from './clock'

export interface RateLimitRule {
  /** Names the counter, so per-IP and per-account limits on one route never share a bucket. */
  name: string
  max: number
  windowMs: number
  /**
   * The thing being limited (an address, an account id); undefined skips the rule for this request. May
   * look the account up, since a limit on the text a client typed is one bucket per spelling.
   */
  key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>
}

/** Ended windows are deleted at most this often per process, this many rows at a time. */
const SWEEP_EVERY_MS = 60 * 1000
const SWEEP_ROWS = 1000

/**
 * Fixed-window counters in the `rate_limits` table, so that every server process counts against the same
 * limit and a restart forgets nothing. One check is one upsert, which starts a new window when the old
 * one has ended; rows of ended windows are deleted in bounded batches. Nothing is kept in memory.
 */
export function createCounterStore(db: Database, clock: Clock) {
  let lastSweep = 0

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = now.getTime()
    const ended = db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lte(rateLimits.resetAt, now))
      .limit(SWEEP_ROWS)
    await db.delete(rateLimits).where(inArray(rateLimits.key, ended))
  }

  return {
    /** Counts one hit on `key`; answers the hits in its current window and the window's end. */
    async hit(key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
      const now = clock()
      await sweep(now)
      const nowText = now.toISOString()
      const [row] = await db
        .insert(rateLimits)
        .values({ key, hits: 1, resetAt: new Date(now.getTime() + windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= ${nowText}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${nowText}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
      if (!row) throw new Error(`rate limit upsert for ${key} returned nothing`)
      return row
    },

    /** Takes back one hit on `key` in its current window (never below zero). */
    async unhit(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, clock())))
    },

    /** Whether `key` has a window that has not ended (a mark set with `hit`). */
    async isLive(key: string): Promise<boolean> {
      const [row] = await db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, clock())))
      return row !== undefined
    },
  }
}

export type CounterStore = ReturnType<typeof createCounterStore>

/**
 * Rate limits through @fastify/rate-limit, counted in PostgreSQL (createCounterStore): each rule is one
 * of the plugin's limiters, checked in the order given; the first one used up refuses the request and the
 * rules after it are not counted, so a refused request creates no per-account counter. See
 * docs/decisions/0028-security-hardening.md.
 */
export async function createRateLimiter(app: FastifyInstance, options: { db: Database; clock: Clock }) {
  const counters = createCounterStore(options.db, options.clock)

  class PostgresStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(key, timeWindow).then(
        ({ hits, resetAt }) =>
          callback(null, { current: hits, ttl: resetAt.getTime() - options.clock().getTime() }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }
    child() {
      return new PostgresStore()
    }
  }

  await app.register(rateLimit, {
    global: false,
    store: PostgresStore,
    // Headers on refusals only (Retry-After), which refuse() sets itself.
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': false,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  })

  function refuse(reply: FastifyReply, seconds: number): never {
    const wait = Math.max(1, seconds)
    reply.header('Retry-After', String(wait))
    throw new HttpError(429, `Too many requests. Please try again in ${wait} seconds.`)
  }

  /** The keys each rule counted a request under, so that `forgive` can take the counts back. */
  const counted = new WeakMap<FastifyRequest, string[]>()

  /** A preHandler enforcing the rules in order; the first one used up refuses, the later ones are not counted. */
  function guard(...rules: RateLimitRule[]) {
    const limits = rules.map((rule) => {
      const keys = new WeakMap<FastifyRequest, string>()
      const check = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => `${rule.name}:${keys.get(request) ?? ''}`,
      })
      return { rule, keys, check }
    })
    return async (request: FastifyRequest, reply: FastifyReply) => {
      for (const { rule, keys, check } of limits) {
        const key = await rule.key(request)
        if (key === undefined) continue
        keys.set(request, key)
        const result = await check(request)
        if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttlInSeconds)
        counted.set(request, [...(counted.get(request) ?? []), `${rule.name}:${key}`])
      }
    }
  }

  return {
    guard,
    /** The counters themselves, for uses counted outside a preHandler (app-check tokens). */
    counters,
    /** Marks `key` for `ms` (an address an account logged in from), read back with `marked`. */
    mark: async (key: string, ms: number) => {
      await counters.hit(key, ms)
    },
    marked: (key: string) => counters.isLive(key),
    /**
     * Takes back what the guard counted for `request`: for a log-in that succeeded, since the log-in limits
     * stop guessing, which only failed attempts are. An owner logging in often is not held up by it.
     */
    forgive: async (request: FastifyRequest) => {
      for (const key of counted.get(request) ?? []) await counters.unhit(key)
    },
  }
}

export type RateLimiter = Awaited<ReturnType<typeof createRateLimiter>>

export const MINUTE = 60 * 1000
export const HOUR = 60 * MINUTE

/**
 * The client's address as rate limits count it: an IPv6 address by its /64, the block one subscriber
 * gets, so that walking through the addresses of one's own network does not buy new limits.
 */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip, 64)

export const byIp = clientAddress
