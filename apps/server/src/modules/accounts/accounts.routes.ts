import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  accountMessages,
  AccountSchema,
  ApiErrorSchema,
  ChangePasswordSchema,
  GoogleLoginSchema,
  LoginSchema,
  RegisterSchema,
  ResetFinishSchema,
  ResetInitResponseSchema,
  ResetInitSchema,
  TokenResponseSchema,
} from '@larder/shared'
import { NotFoundError } from '../../lib/domain-errors'
import { byIp, clientAddress, HOUR, MINUTE, type RateLimiter } from '../../lib/rate-limiter'
import { HttpError } from '../../plugins/errors'
import type { AppCheck } from '../app-check/app-check'
import type { AccountsService } from './accounts.service'

/**
 * The rate limits: log-in 10/min per address, and 10/min per account from addresses it has not logged in
 * from lately; reset 5/h per address and per account; register 10/h per address. Addresses count by their
 * /64 for IPv6 (lib/rate-limiter.ts).
 */
export const LIMITS = {
  login: { max: 10, windowMs: MINUTE },
  reset: { max: 5, windowMs: HOUR },
  register: { max: 10, windowMs: HOUR },
}

/**
 * An address an account logged in from is known to it for this long: from there the owner is not held back
 * by the per-account limit that guesses from elsewhere use up (only by their own address's limit).
 */
export const KNOWN_ADDRESS_MS = 30 * 24 * HOUR

/** A string field of the body, or undefined (the schema, which runs later, refuses what is not one). */
const bodyField = (body: unknown, field: string): string | undefined => {
  if (typeof body !== 'object' || body === null || !(field in body)) return undefined
  const value: unknown = Reflect.get(body, field)
  return typeof value === 'string' ? value.trim() : undefined
}

const knownAddressKey = (accountId: string, request: FastifyRequest) =>
  `login-known:${accountId}:${clientAddress(request)}`

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
        {
          // The account the name or address resolves to, so that its login and its e-mail share one
          // bucket; a name that is no account creates no counter.
          name: 'login-account',
          ...LIMITS.login,
          key: async (request) => {
            const username = bodyField(request.body, 'username')
            const accountId = username ? await accounts.accountIdFor(username) : undefined
            if (accountId === undefined) return undefined
            return (await limiter.marked(knownAddressKey(accountId, request))) ? undefined : accountId
          },
        },
      ),
      schema: { body: LoginSchema, response: { 200: TokenResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { token, accountId } = await accounts.authenticate(request.body)
      await limiter.mark(knownAddressKey(accountId, request), KNOWN_ADDRESS_MS)
      // The log-in limits count failed attempts: a right password takes its own count back.
      await limiter.forgive(request)
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

  // The account page's change of password. Limited per address and per account, since it checks a
  // password: a stolen session must not become a way to guess the account's password.
  app.post(
    '/api/account/change-password',
    {
      preHandler: [
        app.requireUser,
        limiter.guard(
          { name: 'change-password-ip', ...LIMITS.login, key: byIp },
          { name: 'change-password-account', ...LIMITS.login, key: (request) => request.user?.id },
        ),
      ],
      schema: { body: ChangePasswordSchema, response: { 200: TokenResponseSchema, ...errors } },
    },
    async (request, reply) => {
      if (!request.user) throw new HttpError(401, 'Authentication required')
      const token = await accounts.changePassword(request.user, request.body)
      reply.header('Cache-Control', 'no-store')
      return { id_token: token }
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

  app.get(
    '/api/google-login/nonce',
    {
      preHandler: limiter.guard({ name: 'google-nonce-ip', max: 60, windowMs: MINUTE, key: byIp }),
      schema: { response: { 200: z.object({ nonce: z.string() }), 429: ApiErrorSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return { nonce: accounts.googleNonce() }
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
          {
            name: 'reset-account',
            ...LIMITS.reset,
            key: async (request) => {
              const email = bodyField(request.body, 'email')
              return email ? accounts.accountIdForEmail(email) : undefined
            },
          },
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
