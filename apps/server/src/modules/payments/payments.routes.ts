import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AddToPaymentResponseSchema,
  ApiErrorSchema,
  CheckoutSessionQuerySchema,
  CheckoutSessionResponseSchema,
  PaymentLinkRequestSchema,
  PaymentLinkResponseSchema,
  ProductIdParamsSchema,
  ProductsWithPricesRequestSchema,
  ProductsWithPricesResponseSchema,
} from '@larder/shared'
import { byIp, HOUR, MINUTE, type RateLimiter } from '../../lib/rate-limiter'
import { orderCaller, type OrderKeys } from '../orders/order-keys'
import type { CheckoutService } from './checkout.service'
import type { RegistrationService } from './registration.service'

/** Registration may reach the provider; payment pages always do. Generous for people, tight for scripts. */
export const PAYMENT_LIMITS = {
  registration: { max: 120, windowMs: MINUTE },
  pages: { max: 60, windowMs: HOUR },
}

/** Registering products and opening payment pages writes provider ids that product reads show. */

export interface PaymentsRoutesOptions {
  registration: RegistrationService
  checkout: CheckoutService
  keys: OrderKeys
  limiter: RateLimiter
}

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, options) => {
  const { registration, checkout, keys, limiter } = options
  const errors = {
    400: ApiErrorSchema,
    403: ApiErrorSchema,
    404: ApiErrorSchema,
    409: ApiErrorSchema,
    429: ApiErrorSchema,
    503: ApiErrorSchema,
  }
  const registrationLimit = limiter.guard({
    name: 'payment-registration-ip',
    ...PAYMENT_LIMITS.registration,
    key: byIp,
  })
  const pagesLimit = limiter.guard({ name: 'payment-pages-ip', ...PAYMENT_LIMITS.pages, key: byIp })

  app.post(
    '/api/stripe/products/add-to-cart/:id',
    {
      preHandler: registrationLimit,
      schema: { params: ProductIdParamsSchema, response: { 200: AddToPaymentResponseSchema, ...errors } },
    },
    async (request) => registration.registerForCart(request.params.id),
  )

  app.post(
    '/api/stripe/products/with-prices',
    {
      preHandler: registrationLimit,
      schema: {
        body: ProductsWithPricesRequestSchema,
        response: { 200: ProductsWithPricesResponseSchema, ...errors },
      },
    },
    async (request) => {
      // One at a time in id order: each takes its product's lock, and a cart's worth is a handful.
      const ids = [...new Set(request.body.productIds)].sort((a, b) => a - b)
      const registered = []
      for (const productId of ids)
        registered.push({ productId, ...(await registration.registerForCart(productId)) })
      return registered
    },
  )

  app.post(
    '/api/stripe/create-payment-link',
    {
      preHandler: pagesLimit,
      schema: { body: PaymentLinkRequestSchema, response: { 200: PaymentLinkResponseSchema, ...errors } },
    },
    async (request) => {
      const [first] = request.body
      // The schema guarantees one order named by every item; only that id is read.
      return checkout.paymentLink(first?.orderId ?? '', orderCaller(request, keys))
    },
  )

  app.post(
    '/api/stripe/create-checkout-session',
    {
      preHandler: pagesLimit,
      schema: {
        querystring: CheckoutSessionQuerySchema,
        response: { 200: CheckoutSessionResponseSchema, ...errors },
      },
    },
    async (request) => checkout.checkoutSession(request.query.orderId, orderCaller(request, keys)),
  )
}
