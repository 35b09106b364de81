import { z } from 'zod'
import { VendorInvitationSchema } from './backoffice.schema'
import { operatorMessages } from './operator'

const required = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message })
    .max(max, { message: `At most ${max} characters` })

/** The shop fields the storefront shows, as the operator edits them (PUT /api/admin/shops/:id). */
export const ShopFieldsSchema = z.object({
  companyName: required(100, operatorMessages.shopNameRequired),
  city: required(60, operatorMessages.townRequired),
  companyAddress: required(200, operatorMessages.addressRequired),
  companyPhone: z
    .string({ error: operatorMessages.phoneInvalid })
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, { message: operatorMessages.phoneInvalid }),
  description: z.string().trim().max(2000, { message: 'At most 2000 characters' }).default(''),
})
export type ShopFields = z.input<typeof ShopFieldsSchema>

/** POST /api/admin/shops: the shop and its first member, who is invited by e-mail. */
export const CreateShopSchema = z.object({ shop: ShopFieldsSchema, member: VendorInvitationSchema })
export type CreateShopPayload = z.input<typeof CreateShopSchema>

/** A shop as the operator's list shows it, suspended or not. */
export const AdminShopSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  city: z.string(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  description: z.string(),
  suspendedAt: z.string().nullable(),
  productCount: z.number(),
})
export type AdminShop = z.infer<typeof AdminShopSchema>

/** POST /api/admin/shops/:id/suspension: true suspends, false restores. */
export const ShopSuspensionSchema = z.object({ suspended: z.boolean() })

export const IdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) })
export const NumericIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) })

/** A node of the category tree, as the operator sees it (hidden ones too). */
export const AdminCategorySchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  level: z.number(),
  hidden: z.boolean(),
  productCount: z.number(),
})
export type AdminCategory = z.infer<typeof AdminCategorySchema>

const categoryName = z
  .string({ error: operatorMessages.categoryNameRequired })
  .trim()
  .min(1, { message: operatorMessages.categoryNameRequired })
  .max(60, { message: 'At most 60 characters' })
  // A path segment: the storefront's category links join the three names with slashes.
  .refine((name) => !name.includes('/'), { message: operatorMessages.categoryNameSlash })

/** POST /api/admin/categories: a new node under `parentId` (null: a top-level category). */
export const NewCategorySchema = z.object({ name: categoryName, parentId: z.number().int().nullable() })
export type NewCategoryPayload = z.input<typeof NewCategorySchema>

/** PATCH /api/admin/categories/:id: rename, move (parentId, null for the top level) or hide, any of them. */
export const CategoryChangeSchema = z
  .object({
    name: categoryName.optional(),
    parentId: z.number().int().nullable().optional(),
    hidden: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: operatorMessages.nothingToChange,
  })
export type CategoryChangePayload = z.input<typeof CategoryChangeSchema>

/** GET /api/admin/messages: newest first, a page at a time, optionally only the waiting ones. */
export const MessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(['all', 'waiting', 'handled']).default('all'),
})

export const AdminMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
})
export type AdminMessage = z.infer<typeof AdminMessageSchema>
export const MessagePageSchema = z.object({ items: z.array(AdminMessageSchema), total: z.number() })
export type MessagePage = z.infer<typeof MessagePageSchema>

/** PATCH /api/admin/messages/:id */
export const MessageHandledSchema = z.object({ handled: z.boolean() })

/** GET /api/admin/users?q=: accounts whose e-mail or login holds `q`. */
export const UsersQuerySchema = z.object({
  q: z
    .string({ error: operatorMessages.searchTooShort })
    .trim()
    .min(2, { message: operatorMessages.searchTooShort })
    .max(254),
})

export const AdminUserSchema = z.object({
  id: z.string(),
  login: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  shopId: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>

/** PATCH /api/admin/users/:id */
export const UserDisabledSchema = z.object({ disabled: z.boolean() })
