import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ShopListSchema } from '@larder/shared'
import { catalogTags } from '../../lib/catalog-changes'
import type { ShopsRepository } from './shops.repository'

export const shopsRoutes: FastifyPluginAsyncZod<{ shops: ShopsRepository }> = async (app, { shops }) => {
  // The same for every visitor: kept until a shop changes (plugins/response-cache.ts).
  app.get(
    '/api/public/users',
    { schema: { response: { 200: ShopListSchema } }, config: { publicCache: true } },
    (_request, reply) => {
      reply.cacheTags([catalogTags.shops])
      return shops.list()
    },
  )
}
