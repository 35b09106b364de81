import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ADMIN_ROLE,
  AcceptInvitationSchema,
  AdminInvitationSchema,
  ApiErrorSchema,
  BackOfficeMeSchema,
  InvitationInfoSchema,
  InvitationKeyParamsSchema,
  InvitationSentSchema,
  TeamSchema,
  VendorInvitationSchema,
  type BackOfficeMe,
} from '@larder/shared'
import { NotAuthenticatedError } from '../../lib/domain-errors'
import { byIp, HOUR, type RateLimiter } from '../../lib/rate-limiter'
import type { AccountsRepository } from '../accounts/accounts.repository'
import type { Invitation, Invitations } from '../accounts/invitations'
import type { Database } from '../../db/client'
import type { Clock } from '../../lib/clock'
import type { AuditLog } from './audit-log'
import { shopProfileRoutes } from './shop-profile.routes'
import { vendorProductRoutes } from './vendor-products.routes'
import type { VendorProductsService } from './vendor-products.service'
import type { BackOfficeRepository } from './backoffice.repository'
import { requireAdmin, requireShopMember, type Actor, type BackOfficeScopes } from './backoffice-scopes'

export interface BackOfficeDeps {
  db: Database
  clock: Clock
  repository: BackOfficeRepository
  products: VendorProductsService
  /** After a committed change to what the storefront shows (see VendorProductsDeps.afterChange). */
  afterCatalogueChange: () => void
  accounts: AccountsRepository
  invitations: Invitations
  audit: AuditLog
  limiter: RateLimiter
}

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema }

async function me(repository: BackOfficeRepository, userId: string): Promise<BackOfficeMe> {
  const row = await repository.me(userId)
  if (!row) throw new NotAuthenticatedError('Authentication required')
  return {
    id: row.id,
    login: row.login,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roles,
    isAdmin: row.roles.includes(ADMIN_ROLE),
    shop:
      row.shopId !== null && row.companyName !== null && row.city !== null
        ? { id: row.shopId, companyName: row.companyName, city: row.city }
        : null,
  }
}

/** An invitation, as one audited change: the account, its key and its e-mail commit together. */
async function invite(deps: BackOfficeDeps, actor: Actor, invitation: Invitation, invitedBy: string) {
  const { result, mailJob } = await deps.audit.change(
    actor,
    { action: 'invitation.create', entityType: 'user', shopId: invitation.shopId },
    async (tx) => {
      const made = await deps.invitations.invite(tx, invitation, invitedBy)
      return {
        result: { result: made.sent, mailJob: made.mailJob },
        record: { entityId: made.sent.userId, before: made.before, after: made.after },
      }
    },
  )
  await deps.invitations.sendNow([mailJob])
  return result
}

const inviterName = async (deps: BackOfficeDeps, actor: Actor) => {
  const row = await deps.repository.me(actor.id)
  const name = row ? `${row.firstName} ${row.lastName}`.trim() : ''
  return name || row?.email || actor.login
}

/** The shop's side: the member, the shop's staff, invitations to the same shop. */
const vendorRoutes: FastifyPluginAsyncZod<BackOfficeDeps> = async (app, deps) => {
  app.get('/me', { schema: { response: { 200: BackOfficeMeSchema, ...errors } } }, async (request) =>
    me(deps.repository, requireShopMember(request).id),
  )

  app.get('/team', { schema: { response: { 200: TeamSchema, ...errors } } }, async (request) => {
    const member = requireShopMember(request)
    const rows = await deps.accounts.shopMembers(member.shopId)
    return rows.map(({ hasPassword, ...row }) => ({ ...row, active: hasPassword }))
  })

  // A member invites to their own shop only: the shop comes from the session, never from the body.
  app.post(
    '/invitations',
    {
      schema: {
        body: VendorInvitationSchema,
        response: { 201: InvitationSentSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const member = requireShopMember(request)
      const sent = await invite(
        deps,
        member,
        { ...request.body, role: 'ROLE_VENDOR', shopId: member.shopId },
        await inviterName(deps, member),
      )
      return reply.status(201).send(sent)
    },
  )
}

/** The operator's side. */
const adminRoutes: FastifyPluginAsyncZod<BackOfficeDeps> = async (app, deps) => {
  app.get('/me', { schema: { response: { 200: BackOfficeMeSchema, ...errors } } }, async (request) =>
    me(deps.repository, requireAdmin(request).id),
  )

  app.post(
    '/invitations',
    {
      schema: {
        body: AdminInvitationSchema,
        response: { 201: InvitationSentSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { shopId, role, ...person } = request.body
      const sent = await invite(
        deps,
        admin,
        { ...person, role, shopId: role === 'ROLE_VENDOR' ? (shopId ?? null) : null },
        'Larder',
      )
      return reply.status(201).send(sent)
    },
  )

  app.get(
    '/audit-log',
    {
      schema: {
        querystring: z.object({
          shopId: z.string().max(100).optional(),
          before: z.coerce.number().int().min(1).optional(),
          size: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              at: z.string(),
              actorId: z.string(),
              actorLogin: z.string(),
              action: z.string(),
              entityType: z.string(),
              entityId: z.string(),
              shopId: z.string().nullable(),
              before: z.unknown(),
              after: z.unknown(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      requireAdmin(request)
      const { shopId, before, size } = request.query
      return deps.audit.list({ shopId, beforeId: before, limit: size })
    },
  )
}

/** The invitation's accept page: public, since the key in the link is the proof. */
const invitationRoutes: FastifyPluginAsyncZod<BackOfficeDeps> = async (app, deps) => {
  const limit = deps.limiter.guard({ name: 'invitation-ip', max: 30, windowMs: HOUR, key: byIp })
  app.get(
    '/api/invitations/:key',
    {
      preHandler: limit,
      schema: {
        params: InvitationKeyParamsSchema,
        response: { 200: InvitationInfoSchema, ...errors, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return deps.invitations.describe(request.params.key)
    },
  )
  app.post(
    '/api/invitations/accept',
    {
      preHandler: limit,
      schema: { body: AcceptInvitationSchema, response: { 204: z.null(), ...errors, 429: ApiErrorSchema } },
    },
    async (request, reply) => {
      await deps.invitations.accept(request.body.key, request.body.newPassword)
      return reply.status(204).send(null)
    },
  )
}

/**
 * The back office's own routes; the features built on it (products, shop profile, orders…) register
 * theirs through the same `scopes`, so every one of them sits behind the role and shop checks.
 */
export async function registerBackOffice(
  app: FastifyInstance,
  scopes: BackOfficeScopes,
  deps: BackOfficeDeps,
) {
  await scopes.vendor(app, vendorRoutes, deps)
  await scopes.vendor(app, vendorProductRoutes, { products: deps.products })
  await scopes.vendor(app, shopProfileRoutes, {
    db: deps.db,
    audit: deps.audit,
    afterChange: deps.afterCatalogueChange,
  })
  await scopes.admin(app, adminRoutes, deps)
  await app.register(invitationRoutes, deps)
}
