import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema, ShopProfileInputSchema, ShopProfileSchema, type ShopProfile } from '@larder/shared'
import type { Database } from '../../db/client'
import { shops } from '../../db/schema'
import { NotFoundError } from '../../lib/domain-errors'
import type { AuditLog } from './audit-log'
import { requireShopMember } from './backoffice-scopes'
import { announceCatalogChange } from '../../lib/catalog-changes'

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema }

const profileColumns = {
  id: shops.userId,
  companyName: shops.companyName,
  city: shops.city,
  companyAddress: shops.companyAddress,
  companyPhone: shops.companyPhone,
  description: shops.description,
  shopImage: shops.shopImage,
}

async function readProfile(db: Database, shopId: string, lock = false): Promise<ShopProfile> {
  const query = db.select(profileColumns).from(shops).where(eq(shops.userId, shopId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new NotFoundError('Your shop is not on Larder any more')
  return row
}

/**
 * GET and PUT /api/vendor/shop: the shop fields the storefront shows (its picture is the pictures
 * screen's). The shop is the session's; the change is audited and shows on /shops at once.
 */
export const shopProfileRoutes: FastifyPluginAsyncZod<{
  db: Database
  audit: AuditLog
  afterChange: () => void
}> = async (app, { db, audit, afterChange }) => {
  app.get('/shop', { schema: { response: { 200: ShopProfileSchema, ...errors } } }, async (request) =>
    readProfile(db, requireShopMember(request).shopId),
  )

  app.put(
    '/shop',
    { schema: { body: ShopProfileInputSchema, response: { 200: ShopProfileSchema, ...errors } } },
    async (request) => {
      const member = requireShopMember(request)
      const profile = await audit.change(
        member,
        { action: 'shop.update', entityType: 'shop', shopId: member.shopId },
        async (tx) => {
          const before = await readProfile(tx, member.shopId, true)
          await tx.update(shops).set(request.body).where(eq(shops.userId, member.shopId))
          // The shop's name and town are on its products and in the shop list (and searched in listings).
          await announceCatalogChange(tx, { shops: [member.shopId], listings: true })
          const after = await readProfile(tx, member.shopId)
          return { result: after, record: { entityId: member.shopId, before, after } }
        },
      )
      afterChange()
      return profile
    },
  )
}
