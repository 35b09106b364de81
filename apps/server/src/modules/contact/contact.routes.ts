import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema, ContactMessageReceiptSchema, ContactMessageSchema } from '@larder/shared'
import type { ContactService } from './contact.service'

import { byIp, MINUTE, type RateLimiter } from '../../lib/rate-limiter'
import type { AppCheck } from '../app-check/app-check'

export interface ContactRoutesOptions {
  contact: ContactService
  limiter: RateLimiter
  appCheck: AppCheck
}

export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, options) => {
  const { contact, limiter, appCheck } = options
  app.post(
    '/api/public/contact-messages',
    {
      preHandler: [
        limiter.guard({ name: 'contact-ip', max: 5, windowMs: 10 * MINUTE, key: byIp }),
        appCheck.require,
      ],
      schema: {
        body: ContactMessageSchema,
        response: {
          201: ContactMessageReceiptSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const id = await contact.receive(request.body, request.ip)
      return reply.status(201).send({ id, message: 'Thank you, your message has been sent.' })
    },
  )
}
