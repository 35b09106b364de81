import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@larder/shared'
import { byIp, clientAddress, HOUR, MINUTE, type RateLimiter } from '../../lib/rate-limiter'
import type { AppCheck } from './app-check'

export const appCheckRoutes: FastifyPluginAsyncZod<{ appCheck: AppCheck; limiter: RateLimiter }> = async (
  app,
  { appCheck, limiter },
) => {
  app.get(
    '/api/app-check/challenge',
    {
      preHandler: limiter.guard({ name: 'app-check-challenge', max: 60, windowMs: MINUTE, key: byIp }),
      schema: {
        response: {
          200: z.object({
            algorithm: z.string(),
            challenge: z.string(),
            maxnumber: z.number().optional(),
            salt: z.string(),
            signature: z.string().optional(),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return appCheck.challenge()
    },
  )

  app.post(
    '/api/app-check/token',
    {
      preHandler: limiter.guard({ name: 'app-check-token', max: 60, windowMs: HOUR, key: byIp }),
      schema: {
        body: z.object({ payload: z.string().min(1).max(2000) }),
        response: {
          200: z.object({ token: z.string(), ttl: z.number(), uses: z.number() }),
          400: ApiErrorSchema,
        },
      },
    },
    (request) => appCheck.exchange(request.body.payload, clientAddress(request)),
  )
}
