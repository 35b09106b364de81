import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  accountMessages,
  AccountSchema,
  ApiErrorSchema,
  GoogleLoginSchema,
  LoginSchema,
  RegisterSchema,
  ResetFinishSchema,
  ResetInitResponseSchema,
  ResetInitSchema,
  TokenResponseSchema,
} from '@larder/shared'
import { NotFoundError } from '../../lib/domain-errors'
import { byIp, HOUR, MINUTE, type RateLimiter } from '../../lib/rate-limiter'
import { HttpError } from '../../plugins/errors'
import type { AppCheck } from '../app-check/app-check'
import type { AccountsService } from './accounts.service'

/**
 * The rate limits: log-in 10/min per IP and per account; reset 5/h per IP and per address; register 10/h
 * per IP.
 */
export const LIMITS = {
  login: { max: 10, windowMs: MINUTE },
  reset: { max: 5, windowMs: HOUR },
  register: { max: 10, windowMs: HOUR },
}

/** Keys a limit on a body field (an account name, an address), the same whatever its case or spacing. */
const lowerField = (field: string) => (request: { body: unknown }) => {
  const body = request.body
  if (typeof body !== 'object' || body === null || !(field in body)) return undefined
  const value: unknown = Reflect.get(body, field)
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined
}

export interface AccountsRoutesOptions {
  accounts: AccountsService
  limiter: RateLimiter
  appCheck: AppCheck
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, options) => {
  const { accounts, limiter, appCheck } = options
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema }

  app.post(
    '/api/register',
    {
      preHandler: [limiter.guard({ name: 'register-ip', ...LIMITS.register, key: byIp }), appCheck.require],
      schema: { body: RegisterSchema, response: { 201: z.null(), ...errors } },
    },
    async (request, reply) => {
      await accounts.register(request.body)
      return reply.status(201).send(null)
    },
  )

  app.post(
    '/api/authenticate',
    {
      preHandler: limiter.guard(
        { name: 'login-ip', ...LIMITS.login, key: byIp },
        { name: 'login-account', ...LIMITS.login, key: lowerField('username') },
      ),
      schema: { body: LoginSchema, response: { 200: TokenResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const token = await accounts.authenticate(request.body)
      reply.header('Cache-Control', 'no-store')
      return { id_token: token }
    },
  )

  app.get(
    '/api/account',
    { preHandler: app.requireUser, schema: { response: { 200: AccountSchema, 401: ApiErrorSchema } } },
    async (request, reply) => {
      if (!request.user) throw new HttpError(401, 'Authentication required')
      reply.header('Cache-Control', 'no-store')
      return accounts.account(request.user.id)
    },
  )

  // Ends the session of the token sent (read by the auth plugin), whatever it had left. A token already
  // dead, or none, has nothing left to end: 204 all the same, so a browser can always log out.
  app.post(
    '/api/logout',
    { schema: { response: { 204: z.null(), 403: ApiErrorSchema } } },
    async (request, reply) => {
      if (request.user) await accounts.logout(request.user)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/google-login',
    {
      preHandler: limiter.guard({ name: 'login-ip', ...LIMITS.login, key: byIp }),
      schema: {
        body: GoogleLoginSchema,
        response: { 200: TokenResponseSchema, ...errors, 503: ApiErrorSchema },
      },
    },
    async (request) => ({ id_token: await accounts.googleLogin(request.body.id_token) }),
  )

  app.post(
    '/api/account/all/reset-password/init',
    {
      preHandler: [
        limiter.guard(
          { name: 'reset-ip', ...LIMITS.reset, key: byIp },
          { name: 'reset-address', ...LIMITS.reset, key: lowerField('email') },
        ),
        appCheck.require,
      ],
      schema: {
        body: ResetInitSchema,
        response: {
          200: ResetInitResponseSchema,
          404: ResetInitResponseSchema,
          500: ResetInitResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      try {
        await accounts.requestPasswordReset(request.body.email)
        return { success: true, message: accountMessages.resetMailSent }
      } catch (error) {
        // The page shows `message` from this answer (a 404 reads 'Email address not found.'), so it keeps the
        // reset shape.
        if (error instanceof NotFoundError) {
          return reply.status(404).send({ success: false, message: error.message })
        }
        throw error
      }
    },
  )

  app.post(
    '/api/account/reset-password/finish',
    {
      preHandler: limiter.guard({ name: 'reset-finish-ip', max: 20, windowMs: HOUR, key: byIp }),
      schema: { body: ResetFinishSchema, response: { 200: z.null(), ...errors } },
    },
    async (request, reply) => {
      await accounts.finishPasswordReset(request.body.key, request.body.newPassword)
      return reply.status(200).send(null)
    },
  )
}
