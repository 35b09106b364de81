import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from './errors'

export interface SessionUser {
  id: string
  login: string
  roles: string[]
  /** The shop a ROLE_VENDOR account is staff of, read from the database with the session; null otherwise. */
  shopId: string | null
  /** The session the token stands for, by which logging out ends it alone, and when it ends by itself. */
  session: { id: string; expiresAt: Date }
}

/** Turns a bearer token into the user it names, or undefined when it is not a valid session. */
export type SessionVerifier = (token: string) => Promise<SessionUser | undefined>

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
  interface FastifyRequest {
    user: SessionUser | undefined
    /** A bearer token came with the request and did not verify (expired, revoked, forged). */
    sessionRejected: boolean
  }
}

/**
 * RFC 6750 §3.1: `invalid_token` tells the browser that its stored session is over. A 401 without it (wrong
 * password at log-in while a valid session is held) must not log the shopper out.
 */
export const REJECTED_TOKEN_CHALLENGE = 'Bearer error="invalid_token"'
const NO_TOKEN_CHALLENGE = 'Bearer'

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

/**
 * Reads `Authorization: Bearer` on every request. Until a verifier is configured (the accounts
 * module brings one) no token is accepted, so authenticated routes answer 401. Every 401 says in
 * `WWW-Authenticate` whether the token sent was refused.
 */
export const authPlugin = fp<{ verifySession?: SessionVerifier | undefined }>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('user', undefined)
    app.decorateRequest('sessionRejected', false)
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request)
      if (!token) return
      request.user = options.verifySession ? await options.verifySession(token) : undefined
      request.sessionRejected = request.user === undefined
    })
    app.addHook('onSend', async (request, reply) => {
      if (reply.statusCode !== 401) return
      reply.header(
        'www-authenticate',
        request.sessionRejected ? REJECTED_TOKEN_CHALLENGE : NO_TOKEN_CHALLENGE,
      )
    })
    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw new HttpError(401, 'Authentication required')
    })
  },
)
