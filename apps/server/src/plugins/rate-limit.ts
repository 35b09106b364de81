import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors'

/**
 * Limits are declared per route (`config.rateLimit`); counters live in memory, which is right for one
 * process. Several processes need a shared store: see docs/deploy.md.
 */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      ),
  })
}
