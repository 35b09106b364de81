import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@larder/shared'
import { HttpError } from '../../plugins/errors'
import type { FulfilmentService } from './fulfilment.service'

export const WEBHOOK_PATH = '/api/stripe/webhook'

/**
 * The provider's webhook. The signature covers the exact bytes sent, so this plugin's own body parser keeps
 * them as a Buffer (for this route only: the plugin is encapsulated). XSRF does not apply: the signature is
 * the authentication (plugins/xsrf.ts exempts the path).
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ fulfilment: FulfilmentService }> = async (
  app,
  { fulfilment },
) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  const response = { 200: z.object({ received: z.boolean() }), 400: ApiErrorSchema }
  // A paid order takes stock, which product reads show.
  app.post(WEBHOOK_PATH, { schema: { response } }, async (request) => {
    const body = request.body
    if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError(400, 'Webhook refused: empty body')
    const header = request.headers['stripe-signature']
    await fulfilment.handleWebhook(body, typeof header === 'string' ? header : undefined)
    return { received: true }
  })
}
