import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from './errors'

export interface SessionUser {
  id: string
  login: string
  roles: string[]
}

/** Turns a bearer token into the user it names, or undefined when it is not a valid session. */
export type SessionVerifier = (token: string) => Promise<SessionUser | undefined>

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
  interface FastifyRequest {
    user: SessionUser | undefined
  }
}

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

/**
 * Reads `Authorization: Bearer` on every request. Until a verifier is configured (the accounts
 * module brings one) no token is accepted, so authenticated routes answer 401.
 */
export const authPlugin = fp<{ verifySession?: SessionVerifier | undefined }>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('user', undefined)
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request)
      if (token && options.verifySession) request.user = await options.verifySession(token)
    })
    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw new HttpError(401, 'Authentication required')
    })
  },
)
