import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_ROLE, backOfficeMessages, VENDOR_ROLE } from '@larder/shared'
import { HttpError } from '../../plugins/errors'
import type { SessionUser } from '../../plugins/auth'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the back-office scopes, as registered (what the permission tests walk). */
    backOfficeRoutes: BackOfficeRouteList
  }
}

/** Who made a back-office change, as the audit log records it. */
export interface Actor {
  id: string
  login: string
  /** The shop the actor works for (vendors); null for operators. */
  shopId: string | null
}

/** A vendor in a /api/vendor route: staff of `shopId`, the only shop the route may read or change. */
export interface ShopMember extends Actor {
  shopId: string
}

/** Every back-office route, by method and URL: the permission tests walk this list. */
export interface BackOfficeRouteList {
  routes: { method: string; url: string }[]
}

export const VENDOR_PREFIX = '/api/vendor'
export const ADMIN_PREFIX = '/api/admin'

const ALL_METHODS = (method: string | string[]) => (Array.isArray(method) ? method : [method])

const signedIn = (request: FastifyRequest): SessionUser => {
  // 401 (log in) before 403 (logged in, but not allowed), so the browser knows which screen to show.
  if (!request.user) throw new HttpError(401, 'Authentication required')
  return request.user
}

/** A ROLE_VENDOR session with its shop, or a refusal: 401 without a session, 403 for anyone else. */
export function requireShopMember(request: FastifyRequest): ShopMember {
  const user = signedIn(request)
  if (!user.roles.includes(VENDOR_ROLE) || user.shopId === null)
    throw new HttpError(403, backOfficeMessages.notStaff)
  return { id: user.id, login: user.login, shopId: user.shopId }
}

/** A ROLE_ADMIN session, or a refusal: 401 without a session, 403 for anyone else. */
export function requireAdmin(request: FastifyRequest): Actor {
  const user = signedIn(request)
  if (!user.roles.includes(ADMIN_ROLE)) throw new HttpError(403, backOfficeMessages.notOperator)
  return { id: user.id, login: user.login, shopId: null }
}

/** Any back-office session (operator or shop member), for what both sides share (who am I). */
export function requireBackOffice(request: FastifyRequest): Actor {
  const user = signedIn(request)
  if (user.roles.includes(ADMIN_ROLE)) return { id: user.id, login: user.login, shopId: null }
  return requireShopMember(request)
}

/**
 * Registers back-office routes under `prefix` in a scope of their own whose onRequest hook runs `guard`
 * before anything else of theirs (parsing, validation, the handler): a route added to the scope cannot
 * forget the check, and none of its replies is ever stored by the public response cache (`no-store`).
 * The route still calls the guard for the actor it acts as (requireShopMember's shop is the only shop
 * it may touch); the hook makes sure that even a route which forgets is refused.
 */
function guardedScope(
  prefix: string,
  guard: (request: FastifyRequest) => unknown,
  list: BackOfficeRouteList,
) {
  return async <O extends object>(app: FastifyInstance, routes: FastifyPluginAsyncZod<O>, options: O) => {
    await app.register(
      async (scope) => {
        scope.addHook('onRoute', (route) => {
          for (const method of ALL_METHODS(route.method)) {
            if (method !== 'HEAD') list.routes.push({ method, url: route.url })
          }
        })
        scope.addHook('onRequest', async (request, reply) => {
          reply.header('cache-control', 'no-store')
          guard(request)
        })
        await scope.register(routes, options)
      },
      { prefix },
    )
  }
}

/**
 * The two back-office scopes. `vendor(app, routes, options)` puts `routes` (with paths relative to
 * /api/vendor) behind requireShopMember; `admin` puts them under /api/admin behind requireAdmin.
 * Features of the back office add their routes through these, never with app.get/post of their own.
 */
export function createBackOfficeScopes() {
  const list: BackOfficeRouteList = { routes: [] }
  return {
    vendor: guardedScope(VENDOR_PREFIX, requireShopMember, list),
    admin: guardedScope(ADMIN_PREFIX, requireAdmin, list),
    routes: list,
  }
}

export type BackOfficeScopes = ReturnType<typeof createBackOfficeScopes>
