import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema, ContactMessageReceiptSchema, ContactMessageSchema } from '@larder/shared'
import type { ContactService } from './contact.service'

export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' }

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    '/api/public/contact-messages',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        body: ContactMessageSchema,
        response: { 201: ContactMessageReceiptSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const id = await contact.receive(request.body, request.ip)
      return reply.status(201).send({ id, message: 'Thank you, your message has been sent.' })
    },
  )
}
