import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ApiErrorSchema,
  CONTACT_SENT_MESSAGE,
  ContactMessageReceiptSchema,
  ContactMessageSchema,
} from '@larder/shared'
import type { ContactService } from './contact.service'

import { byIp, MINUTE, type RateLimiter, type RateLimitRule } from '../../lib/rate-limiter'
import type { AppCheck } from '../app-check/app-check'

/**
 * Five messages per address in 10 minutes, whether sent by the API or by the page's form without scripts
 * (contact-page.routes.ts): one counter for both.
 */
export const CONTACT_LIMIT: RateLimitRule = { name: 'contact-ip', max: 5, windowMs: 10 * MINUTE, key: byIp }

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
      preHandler: [limiter.guard(CONTACT_LIMIT), appCheck.require],
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
      return reply.status(201).send({ id, message: CONTACT_SENT_MESSAGE })
    },
  )
}
