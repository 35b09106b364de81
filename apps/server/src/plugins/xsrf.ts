import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createTokenSource } from '../lib/random-tokens'
import { HttpError } from './errors'
import { routedPath } from './route-path'

export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'x-xsrf-token'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Calls authenticated by their own signature instead of the browser's cookies. */
const EXEMPT = ['/api/stripe/webhook']

/** Public catalogue reads stay free of Set-Cookie so shared caches may keep them. */
const NO_COOKIE_PREFIXES = ['/api/public/', '/media/', '/assets/']

/** The cookie each request carries or was just given (`xsrfTokenOf`). */
const tokens = new WeakMap<FastifyRequest, string>()

/**
 * The visitor's XSRF token: the cookie their request carried, or the one its reply is setting. A page
 * whose form posts without scripts carries it in a hidden field, as API calls carry it in the header.
 */
export const xsrfTokenOf = (request: FastifyRequest): string | undefined => tokens.get(request)

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Whether a form's hidden XSRF field echoes the request's cookie (double submit, as for the API). */
export function formEchoesXsrf(request: FastifyRequest, field: unknown): boolean {
  const cookie = request.cookies[XSRF_COOKIE]
  return typeof cookie === 'string' && typeof field === 'string' && sameToken(cookie, field)
}

/**
 * Double-submit XSRF protection (non-GET `/api` calls echo `XSRF-TOKEN` as `X-XSRF-TOKEN`): the server hands
 * out a random cookie that pages can read but other sites cannot, and every state-changing API call must echo
 * it in a header.
 */
export function registerXsrf(app: FastifyInstance, options: { secureCookie: boolean }) {
  // 24 random bytes per visitor (192 bits, unguessable), cut from a CSPRNG batch: a new visitor's page is
  // served from memory, and the token was the largest part of what that visit costs beyond a returning one's
  // (random-tokens.ts).
  const newToken = createTokenSource(24)
  const cookieOptions = {
    path: '/',
    sameSite: 'strict',
    secure: options.secureCookie,
    httpOnly: false,
  } as const
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = routedPath(request)
    const cookie = request.cookies[XSRF_COOKIE]
    if (cookie) tokens.set(request, cookie)
    else if (!NO_COOKIE_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      const token = newToken()
      tokens.set(request, token)
      reply.setCookie(XSRF_COOKIE, token, cookieOptions)
    }
    if (SAFE_METHODS.has(request.method) || !path.startsWith('/api/') || EXEMPT.includes(path)) return
    const header = request.headers[XSRF_HEADER]
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw new HttpError(
        403,
        'Invalid or missing XSRF token: send the XSRF-TOKEN cookie back in X-XSRF-TOKEN.',
      )
    }
  })
}
