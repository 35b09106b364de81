import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client'

const StatusSchema = z.object({ status: z.string() })

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Liveness: the process answers. Readiness: it can also reach its database, and is not shutting down:
  // from the moment the close begins the load balancer is told to send new requests elsewhere.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.get('/healthz', { schema: { response: { 200: StatusSchema } } }, () => ({ status: 'ok' }))
  app.get(
    '/readyz',
    { schema: { response: { 200: StatusSchema, 503: StatusSchema } } },
    async (request, reply) => {
      if (closing) return reply.status(503).send({ status: 'shutting down' })
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
