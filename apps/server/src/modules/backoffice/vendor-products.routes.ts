import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ApiErrorSchema,
  StockInputSchema,
  VendorCategoryListSchema,
  VendorProductIdParamsSchema,
  ProductEditSchema,
  VendorProductListSchema,
  VendorProductQuerySchema,
  VendorProductSchema,
} from '@larder/shared'
import { setPageHeaders } from '../../lib/paging'
import { requireShopMember } from './backoffice-scopes'
import type { VendorProductsService } from './vendor-products.service'

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema }
const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true')

/**
 * /api/vendor/products…, registered in the vendor scope (backoffice-scopes.ts): the shop is the session's,
 * so an id of another shop's product answers 404 and changes nothing.
 */
export const vendorProductRoutes: FastifyPluginAsyncZod<{ products: VendorProductsService }> = async (
  app,
  { products },
) => {
  app.get(
    '/products',
    {
      schema: {
        querystring: VendorProductQuerySchema,
        response: { 200: VendorProductListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = requireShopMember(request)
      const query = request.query
      const { products: page, total } = await products.list(member, {
        ...query,
        inStock: flag(query.inStock),
        free: flag(query.free),
        discounted: flag(query.discounted),
      })
      setPageHeaders(request, reply, { total, page: query.page, size: query.size })
      return page
    },
  )

  app.post(
    '/products',
    { schema: { body: ProductEditSchema, response: { 201: VendorProductSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await products.create(requireShopMember(request), request.body)),
  )

  app.get(
    '/products/:id',
    { schema: { params: VendorProductIdParamsSchema, response: { 200: VendorProductSchema, ...errors } } },
    async (request) => products.get(requireShopMember(request), request.params.id),
  )

  app.put(
    '/products/:id',
    {
      schema: {
        params: VendorProductIdParamsSchema,
        body: ProductEditSchema,
        response: { 200: VendorProductSchema, ...errors },
      },
    },
    async (request) => products.update(requireShopMember(request), request.params.id, request.body),
  )

  app.put(
    '/products/:id/stock',
    {
      schema: {
        params: VendorProductIdParamsSchema,
        body: StockInputSchema,
        response: { 200: VendorProductSchema, ...errors },
      },
    },
    async (request) => products.setStock(requireShopMember(request), request.params.id, request.body.qty),
  )

  app.post(
    '/products/:id/archive',
    { schema: { params: VendorProductIdParamsSchema, response: { 200: VendorProductSchema, ...errors } } },
    async (request) => products.archive(requireShopMember(request), request.params.id),
  )

  app.post(
    '/products/:id/restore',
    { schema: { params: VendorProductIdParamsSchema, response: { 200: VendorProductSchema, ...errors } } },
    async (request) => products.restore(requireShopMember(request), request.params.id),
  )

  app.get(
    '/categories',
    { schema: { response: { 200: VendorCategoryListSchema, ...errors } } },
    async (request) => {
      requireShopMember(request)
      return products.categories()
    },
  )
}
