import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client'

const StatusSchema = z.object({ status: z.string() })

export interface HealthRoutesOptions {
  db: Database
  /** True once the server has begun to close (plugins/graceful-close.ts). */
  isClosing: () => boolean
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { db, isClosing }) => {
  // Liveness: the process answers. Readiness: it can also reach its database, and is not shutting down:
  // from the moment the close begins the load balancer is told to send new requests elsewhere.
  app.get('/healthz', { schema: { response: { 200: StatusSchema } } }, () => ({ status: 'ok' }))
  app.get(
    '/readyz',
    { schema: { response: { 200: StatusSchema, 503: StatusSchema } } },
    async (request, reply) => {
      if (isClosing()) return reply.status(503).send({ status: 'shutting down' })
      try {
        await db.execute(sql`select 1`)
        return { status: 'ready' }
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable')
        return reply.status(503).send({ status: 'database unavailable' })
      }
    },
  )
}
