import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../plugins/errors'
import type { Clock } from './clock'

export interface RateLimitRule {
  /** Names the counter, so per-IP and per-account limits on one route never share a bucket. */
  name: string
  max: number
  windowMs: number
  /** The thing being limited (an IP, an account); undefined skips the rule for this request. */
  key: (request: FastifyRequest) => string | undefined
}

interface Window {
  startedAt: number
  hits: number
}

/**
 * Fixed-window counters in memory. Correct for one process; several processes behind a load balancer
 * need a shared store (docs/operations.md). Windows that have ended are swept as new hits arrive, so memory
 * stays bounded by the traffic of one window.
 */
export function createRateLimiter(clock: Clock) {
  const windows = new Map<string, Window>()
  let lastSweep = 0

  function sweep(now: number, longestWindowMs: number) {
    if (now - lastSweep < longestWindowMs) return
    lastSweep = now
    for (const [key, window] of windows) if (now - window.startedAt >= longestWindowMs) windows.delete(key)
  }

  /** Counts one hit; answers how long to wait when the limit is already used up. */
  function hit(
    bucket: string,
    max: number,
    windowMs: number,
  ): { allowed: boolean; retryAfterSeconds: number } {
    const now = clock().getTime()
    sweep(now, Math.max(windowMs, 60 * 60 * 1000))
    let window = windows.get(bucket)
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, hits: 0 }
      windows.set(bucket, window)
    }
    window.hits += 1
    const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000))
    return { allowed: window.hits <= max, retryAfterSeconds }
  }

  /** A preHandler enforcing every rule; each rule counts even when another one refuses. */
  function guard(...rules: RateLimitRule[]) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      let wait = 0
      for (const rule of rules) {
        const key = rule.key(request)
        if (key === undefined) continue
        const result = hit(`${rule.name}:${key}`, rule.max, rule.windowMs)
        if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds)
      }
      if (wait > 0) {
        reply.header('Retry-After', String(wait))
        throw new HttpError(429, `Too many requests. Please try again in ${wait} seconds.`)
      }
    }
  }

  return { hit, guard }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>

export const MINUTE = 60 * 1000
export const HOUR = 60 * MINUTE

export const byIp = (request: FastifyRequest) => request.ip
