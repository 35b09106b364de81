import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ApiErrorSchema,
  OrderCancelledSchema,
  OrderCreatedSchema,
  OrderCreateSchema,
  OrderIdParamsSchema,
  OrderListSchema,
  OrderProductCreateSchema,
  OrderProductSchema,
  OrderSchema,
  PageQuerySchema,
} from '@larder/shared'
import { setPageHeaders } from '../../lib/paging'
import { byIp, HOUR, type RateLimiter } from '../../lib/rate-limiter'
import { HttpError } from '../../plugins/errors'
import type { AppCheck } from '../app-check/app-check'
import { orderCaller, type OrderKeys } from './order-keys'
import { orderErrors } from './order-rules'
import type { OrdersService } from './orders.service'

/** Per client address: enough for a household's checkouts and retries, not for a bot filling the table. */
export const ORDER_LIMITS = {
  orders: { max: 30, windowMs: HOUR },
  lines: { max: 600, windowMs: HOUR },
  /** As many as payment pages (modules/payments), with an allowance of its own: see the route. */
  cancel: { max: 60, windowMs: HOUR },
}

export interface OrdersRoutesOptions {
  orders: OrdersService
  keys: OrderKeys
  limiter: RateLimiter
  appCheck: AppCheck
}

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, options) => {
  const { orders, keys, limiter, appCheck } = options
  const errors = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema }

  app.post(
    '/api/public/orders',
    {
      preHandler: [limiter.guard({ name: 'orders-ip', ...ORDER_LIMITS.orders, key: byIp }), appCheck.require],
      schema: {
        body: OrderCreateSchema,
        response: { 201: OrderCreatedSchema, 401: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Ordering needs no session (guests may order), but a shopper whose session has ended (logged out
      // elsewhere, password reset) still looks logged in here; their order would quietly become a guest's
      // and be missing from their history. The 401's challenge ends the session in the browser.
      if (request.sessionRejected) throw new HttpError(401, orderErrors.sessionEnded)
      return reply.status(201).send(await orders.create(request.body, request.user))
    },
  )

  app.post(
    '/api/public/order-products',
    {
      preHandler: limiter.guard({ name: 'order-lines-ip', ...ORDER_LIMITS.lines, key: byIp }),
      schema: {
        body: OrderProductCreateSchema,
        response: { 200: OrderProductSchema, 201: OrderProductSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { line, created } = await orders.addLine(request.body, orderCaller(request, keys))
      return reply.status(created ? 201 : 200).send(line)
    },
  )

  // Its own allowance: a shopper who has used up the payment pages' must still be able to close an open order.
  app.post(
    '/api/public/orders/:id/cancel',
    {
      preHandler: limiter.guard({ name: 'order-cancel-ip', ...ORDER_LIMITS.cancel, key: byIp }),
      schema: {
        params: OrderIdParamsSchema,
        response: { 200: OrderCancelledSchema, 409: ApiErrorSchema, 503: ApiErrorSchema, ...errors },
      },
    },
    async (request) => orders.cancel(request.params.id, orderCaller(request, keys)),
  )

  app.get(
    '/api/public/orders/:id',
    { schema: { params: OrderIdParamsSchema, response: { 200: OrderSchema, ...errors } } },
    async (request, reply) => {
      // Addresses and payment state, for this visitor alone (their session or their order key): never kept
      // by any cache, always fresh for the polling page.
      reply.header('Cache-Control', 'no-store')
      return orders.get(request.params.id, orderCaller(request, keys))
    },
  )

  app.get(
    '/api/account/orders',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: PageQuerySchema.pick({ page: true, size: true }),
        response: { 200: OrderListSchema, 401: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.user) throw new HttpError(401, 'Authentication required')
      const { page, size } = request.query
      const { orders: list, total } = await orders.listForUser(request.user.id, page, size)
      setPageHeaders(request, reply, { total, page, size })
      reply.header('Cache-Control', 'no-store')
      return list
    },
  )
}
