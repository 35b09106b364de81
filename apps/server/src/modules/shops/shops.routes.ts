import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ShopListSchema } from '@larder/shared'
import type { ShopsRepository } from './shops.repository'

export const shopsRoutes: FastifyPluginAsyncZod<{ shops: ShopsRepository }> = async (app, { shops }) => {
  app.get('/api/public/users', { schema: { response: { 200: ShopListSchema } } }, () => shops.list())
}
