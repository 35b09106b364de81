import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminCategorySchema,
  AdminShopSchema,
  AdminUserSchema,
  ApiErrorSchema,
  CategoryChangeSchema,
  CreateShopSchema,
  IdParamsSchema,
  InvitationSentSchema,
  MessageHandledSchema,
  MessagePageSchema,
  MessagesQuerySchema,
  NewCategorySchema,
  NumericIdParamsSchema,
  ShopFieldsSchema,
  ShopSuspensionSchema,
  UserDisabledSchema,
  UsersQuerySchema,
  VENDOR_ROLE,
  backOfficeMessages,
  operatorMessages,
} from '@larder/shared'
import { announceCatalogChange } from '../../lib/catalog-changes'
import type { Clock } from '../../lib/clock'
import { ConflictError, NotFoundError } from '../../lib/domain-errors'
import { isUniqueViolation } from '../accounts/accounts.repository'
import type { Invitations } from '../accounts/invitations'
import type { AuditLog } from './audit-log'
import { requireAdmin } from './backoffice-scopes'
import { pathUnder, repath } from './category-paths'
import type { OperatorRepository, ShopRow } from './operator.repository'

export interface OperatorDeps {
  repository: OperatorRepository
  invitations: Invitations
  audit: AuditLog
  clock: Clock
  /**
   * Called after every change that alters what the storefront shows (a shop suspended or restored, the
   * category tree): the catalogue's cached listing totals are counted afresh. The write itself already
   * empties this process's cached replies (plugins/response-cache.ts).
   */
  catalogueChanged: () => void
  /** The accounts module's password reset: the same key and e-mail as "Forgot your password?". */
  sendResetLink: (email: string) => Promise<void>
}

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
}
const iso = (date: Date | null) => (date === null ? null : date.toISOString())
const shopRecord = (shop: ShopRow) => ({ ...shop, suspendedAt: iso(shop.suspendedAt) })
const categoryUnique = (error: unknown) => isUniqueViolation(error, 'categories_path_key')

/** The operator's shops: list, create with their first member, edit, suspend and restore. */
const shopRoutes: FastifyPluginAsyncZod<OperatorDeps> = async (app, deps) => {
  const { repository, audit } = deps

  app.get('/shops', { schema: { response: { 200: z.array(AdminShopSchema), ...errors } } }, async () =>
    (await repository.listShops()).map((shop) => ({ ...shop, suspendedAt: iso(shop.suspendedAt) })),
  )

  // A shop's id is its first member's account id (decision 0030): the account is made first, without a
  // password, then the shop, then the foundation's invitation renews that pending account's key and
  // queues its e-mail, all in the one audited transaction.
  app.post(
    '/shops',
    {
      schema: {
        body: CreateShopSchema,
        response: { 201: z.object({ shop: AdminShopSchema, invitation: InvitationSentSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { shop: fields, member } = request.body
      const id = randomUUID()
      const { result, mailJob } = await audit.change(
        admin,
        { action: 'shop.create', entityType: 'shop', shopId: id },
        async (tx) => {
          await announceCatalogChange(tx, { shops: [id] })
          if (await repository.emailOrLoginTaken(tx, member.email))
            throw new ConflictError(backOfficeMessages.emailHasAccount, { field: 'member.email' })
          await repository.insertMember(tx, {
            id,
            login: member.email,
            email: member.email,
            firstName: member.firstName,
            lastName: member.lastName,
            roles: [VENDOR_ROLE],
            shopId: id,
          })
          const shop = await repository.insertShop(tx, { userId: id, ...fields })
          const made = await deps.invitations.invite(
            tx,
            { ...member, role: VENDOR_ROLE, shopId: id },
            'Larder',
          )
          return {
            result: { result: { shop, invitation: made.sent }, mailJob: made.mailJob },
            record: { entityId: id, before: null, after: { shop: shopRecord(shop), member: made.after } },
          }
        },
      )
      await deps.invitations.sendNow([mailJob])
      deps.catalogueChanged()
      return reply.status(201).send({
        invitation: result.invitation,
        shop: {
          ...shopRecord(result.shop),
          id: result.shop.userId,
          productCount: 0,
        },
      })
    },
  )

  app.put(
    '/shops/:id',
    { schema: { params: IdParamsSchema, body: ShopFieldsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      await audit.change(admin, { action: 'shop.update', entityType: 'shop', shopId: id }, async (tx) => {
        // Its products show the shop's name and town, in listings too.
        await announceCatalogChange(tx, { shops: [id], listings: true })
        const before = await repository.lockShop(tx, id)
        if (!before) throw new NotFoundError(operatorMessages.shopNotFound)
        const after = await repository.updateShop(tx, id, request.body)
        return {
          result: null,
          record: { entityId: id, before: shopRecord(before), after: shopRecord(after) },
        }
      })
      deps.catalogueChanged()
      return reply.status(204).send(null)
    },
  )

  // Suspension takes the shop's products off the storefront: every catalogue read and the order and
  // checkout steps skip products whose shop has suspended_at set (catalog.repository.ts, orders).
  app.post(
    '/shops/:id/suspension',
    {
      schema: {
        params: IdParamsSchema,
        body: ShopSuspensionSchema,
        response: { 200: AdminShopSchema.pick({ id: true, suspendedAt: true }), ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      const { suspended } = request.body
      const after = await audit.change(
        admin,
        { action: suspended ? 'shop.suspend' : 'shop.restore', entityType: 'shop', shopId: id },
        async (tx) => {
          // Its products leave (or return to) every page and listing in every process.
          await announceCatalogChange(tx, { shops: [id], listings: true })
          const before = await repository.lockShop(tx, id)
          if (!before) throw new NotFoundError(operatorMessages.shopNotFound)
          // Suspending a suspended shop keeps its first date, and records nothing.
          if ((before.suspendedAt !== null) === suspended) return { result: before, record: null }
          const changed = await repository.updateShop(tx, id, {
            suspendedAt: suspended ? deps.clock() : null,
          })
          return {
            result: changed,
            record: {
              entityId: id,
              before: { suspendedAt: iso(before.suspendedAt) },
              after: { suspendedAt: iso(changed.suspendedAt) },
            },
          }
        },
      )
      deps.catalogueChanged()
      return { id, suspendedAt: iso(after.suspendedAt) }
    },
  )
}

/** The category tree: add, rename, move, hide. */
const categoryRoutes: FastifyPluginAsyncZod<OperatorDeps> = async (app, deps) => {
  const { repository, audit } = deps

  app.get('/categories', { schema: { response: { 200: z.array(AdminCategorySchema), ...errors } } }, () =>
    repository.categoryTree(),
  )

  app.post(
    '/categories',
    { schema: { body: NewCategorySchema, response: { 201: AdminCategorySchema, ...errors } } },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { name, parentId } = request.body
      try {
        const row = await audit.change(
          admin,
          { action: 'category.create', entityType: 'category', shopId: null },
          async (tx) => {
            await announceCatalogChange(tx, { categories: true })
            const all = await repository.allCategoriesLocked(tx)
            const parent = parentId === null ? null : (all.find((node) => node.id === parentId) ?? null)
            if (parentId !== null && !parent) throw new NotFoundError(operatorMessages.categoryNotFound)
            const created = await repository.insertCategory(tx, {
              parentId,
              position: await repository.nextPosition(tx, parentId),
              ...pathUnder(parent, name),
            })
            return { result: created, record: { entityId: String(created.id), before: null, after: created } }
          },
        )
        deps.catalogueChanged()
        return reply.status(201).send({
          id: row.id,
          parentId: row.parentId,
          name: row.name,
          level: row.level,
          hidden: row.hidden,
          productCount: 0,
        })
      } catch (error) {
        if (categoryUnique(error)) throw new ConflictError(operatorMessages.categoryTaken, { field: 'name' })
        throw error
      }
    },
  )

  // A rename or move rewrites the l1/l2/l3 path of the node and of every node below it in the same
  // transaction, so the category fields of every product (read through its category's path) stay right.
  app.patch(
    '/categories/:id',
    {
      schema: {
        params: NumericIdParamsSchema,
        body: CategoryChangeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      const { name, parentId, hidden } = request.body
      const action =
        parentId !== undefined ? 'category.move' : name !== undefined ? 'category.rename' : 'category.hide'
      try {
        await audit.change(admin, { action, entityType: 'category', shopId: null }, async (tx) => {
          await announceCatalogChange(tx, { categories: true })
          const all = await repository.allCategoriesLocked(tx)
          const before = all.find((node) => node.id === id)
          if (!before) throw new NotFoundError(operatorMessages.categoryNotFound)
          const rows = repath(all, id, { name, parentId })
          for (const [nodeId, fields] of rows) {
            const old = all.find((node) => node.id === nodeId)
            const same =
              old &&
              old.parentId === fields.parentId &&
              old.name === fields.name &&
              old.l1 === fields.l1 &&
              old.l2 === fields.l2 &&
              old.l3 === fields.l3
            if (!same) await repository.updateCategory(tx, nodeId, fields)
          }
          const moved = parentId !== undefined && parentId !== before.parentId
          if (moved) {
            await repository.updateCategory(tx, id, {
              position: await repository.nextPosition(tx, parentId),
            })
          }
          if (hidden !== undefined) await repository.updateCategory(tx, id, { hidden })
          const own = rows.get(id)
          return {
            result: null,
            record: {
              entityId: String(id),
              before,
              after: { ...before, ...own, ...(hidden === undefined ? {} : { hidden }) },
            },
          }
        })
      } catch (error) {
        if (categoryUnique(error)) throw new ConflictError(operatorMessages.categoryTaken, { field: 'name' })
        throw error
      }
      deps.catalogueChanged()
      return reply.status(204).send(null)
    },
  )
}

/** The contact form's messages: newest first, a page at a time; handled or waiting. */
const messageRoutes: FastifyPluginAsyncZod<OperatorDeps> = async (app, deps) => {
  const { repository, audit } = deps

  app.get(
    '/messages',
    { schema: { querystring: MessagesQuerySchema, response: { 200: MessagePageSchema, ...errors } } },
    async (request) => {
      const { rows, total } = await repository.messagePage(request.query)
      return {
        total,
        items: rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          handledAt: iso(row.handledAt),
        })),
      }
    },
  )

  app.patch(
    '/messages/:id',
    {
      schema: {
        params: NumericIdParamsSchema,
        body: MessageHandledSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      const { handled } = request.body
      await audit.change(
        admin,
        {
          action: handled ? 'message.handle' : 'message.reopen',
          entityType: 'contact-message',
          shopId: null,
        },
        async (tx) => {
          const before = await repository.lockMessage(tx, id)
          if (!before) throw new NotFoundError(operatorMessages.messageNotFound)
          if ((before.handledAt !== null) === handled) return { result: null, record: null }
          const handledAt = handled ? deps.clock() : null
          await repository.setMessageHandled(tx, id, handledAt)
          return {
            result: null,
            record: {
              entityId: String(id),
              before: { handledAt: iso(before.handledAt) },
              after: { handledAt: iso(handledAt) },
            },
          }
        },
      )
      return reply.status(204).send(null)
    },
  )
}

/** Accounts: find, disable and enable, send a reset link. */
const userRoutes: FastifyPluginAsyncZod<OperatorDeps> = async (app, deps) => {
  const { repository, audit } = deps

  app.get(
    '/users',
    { schema: { querystring: UsersQuerySchema, response: { 200: z.array(AdminUserSchema), ...errors } } },
    async (request) =>
      (await repository.findUsers(request.query.q)).map((row) => ({
        ...row,
        disabledAt: iso(row.disabledAt),
        createdAt: row.createdAt.toISOString(),
      })),
  )

  // A disabled account cannot log in (accounts.service.ts) and its sessions stop working at once: the
  // session query of every request reads disabled_at (accounts.repository.ts findSessionUser).
  app.patch(
    '/users/:id',
    { schema: { params: IdParamsSchema, body: UserDisabledSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      const { disabled } = request.body
      if (id === admin.id && disabled) throw new ConflictError(operatorMessages.cannotDisableSelf)
      await audit.change(
        admin,
        { action: disabled ? 'user.disable' : 'user.enable', entityType: 'user', shopId: null },
        async (tx) => {
          const before = await repository.lockUser(tx, id)
          if (!before) throw new NotFoundError(operatorMessages.userNotFound)
          if ((before.disabledAt !== null) === disabled) return { result: null, record: null }
          const disabledAt = disabled ? deps.clock() : null
          await repository.setUserDisabled(tx, id, disabledAt)
          return {
            result: null,
            record: {
              entityId: id,
              before: { disabledAt: iso(before.disabledAt) },
              after: { disabledAt: iso(disabledAt) },
            },
          }
        },
      )
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/users/:id/reset-link',
    { schema: { params: IdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      const email = await audit.change(
        admin,
        { action: 'user.reset-link', entityType: 'user', shopId: null },
        async (tx) => {
          const user = await repository.lockUser(tx, id)
          if (!user) throw new NotFoundError(operatorMessages.userNotFound)
          return {
            result: user.email,
            record: { entityId: id, before: null, after: { resetLinkSentTo: user.email } },
          }
        },
      )
      await deps.sendResetLink(email)
      return reply.status(204).send(null)
    },
  )
}

/** Every operator screen's routes; registered through `scopes.admin`, so all of them sit behind requireAdmin. */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorDeps> = async (app, deps) => {
  await app.register(shopRoutes, deps)
  await app.register(categoryRoutes, deps)
  await app.register(messageRoutes, deps)
  await app.register(userRoutes, deps)
}
