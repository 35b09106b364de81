import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminOrderDetailSchema,
  AdminOrdersQuerySchema,
  AdminOrderSummarySchema,
  ApiErrorSchema,
  BackOfficeOrderParamsSchema,
  RefundRequestSchema,
  ShopOrderSchema,
  ShopOrdersQuerySchema,
  ShopTodaySchema,
} from '@larder/shared'
import { setPageHeaders } from '../../lib/paging'
import { requireAdmin, requireShopMember, type BackOfficeScopes } from '../backoffice/backoffice-scopes'
import type { ShopOrdersService } from './shop-orders.service'

interface Deps {
  service: ShopOrdersService
}

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
}

/** The shop's orders and its Today screen: the shop is always the session's (requireShopMember). */
const vendorOrderRoutes: FastifyPluginAsyncZod<Deps> = async (app, { service }) => {
  app.get('/today', { schema: { response: { 200: ShopTodaySchema, ...errors } } }, async (request) =>
    service.today(requireShopMember(request)),
  )

  app.get(
    '/orders',
    {
      schema: { querystring: ShopOrdersQuerySchema, response: { 200: z.array(ShopOrderSchema), ...errors } },
    },
    async (request, reply) => {
      const { status, page, size } = request.query
      const { orders, total } = await service.shopOrders(requireShopMember(request), { status, page, size })
      setPageHeaders(request, reply, { total, page, size })
      return orders
    },
  )

  app.get(
    '/orders/:orderId',
    { schema: { params: BackOfficeOrderParamsSchema, response: { 200: ShopOrderSchema, ...errors } } },
    async (request) => service.shopOrder(requireShopMember(request), request.params.orderId),
  )

  app.post(
    '/orders/:orderId/packed',
    { schema: { params: BackOfficeOrderParamsSchema, response: { 200: ShopOrderSchema, ...errors } } },
    async (request) => service.pack(requireShopMember(request), request.params.orderId),
  )

  app.post(
    '/orders/:orderId/dispatched',
    { schema: { params: BackOfficeOrderParamsSchema, response: { 200: ShopOrderSchema, ...errors } } },
    async (request) => service.dispatch(requireShopMember(request), request.params.orderId),
  )
}

/** The operator's orders: every order, its detail, and refunds. */
const adminOrderRoutes: FastifyPluginAsyncZod<Deps> = async (app, { service }) => {
  app.get(
    '/orders',
    {
      schema: {
        querystring: AdminOrdersQuerySchema,
        response: { 200: z.array(AdminOrderSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      requireAdmin(request)
      const { orders, total } = await service.adminOrders(request.query)
      setPageHeaders(request, reply, { total, page: request.query.page, size: request.query.size })
      return orders
    },
  )

  app.get(
    '/orders/:orderId',
    { schema: { params: BackOfficeOrderParamsSchema, response: { 200: AdminOrderDetailSchema, ...errors } } },
    async (request) => {
      requireAdmin(request)
      return service.adminOrder(request.params.orderId)
    },
  )

  app.post(
    '/orders/:orderId/refunds',
    {
      schema: {
        params: BackOfficeOrderParamsSchema,
        body: RefundRequestSchema,
        response: { 200: AdminOrderDetailSchema, 201: AdminOrderDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { created, order } = await service.refund(admin, request.params.orderId, request.body)
      // 201 for a new refund; 200 for a refund id asked for before (the button pressed twice).
      return reply.status(created ? 201 : 200).send(order)
    },
  )
}

export async function registerShopOrders(app: FastifyInstance, scopes: BackOfficeScopes, deps: Deps) {
  await scopes.vendor(app, vendorOrderRoutes, deps)
  await scopes.admin(app, adminOrderRoutes, deps)
}
