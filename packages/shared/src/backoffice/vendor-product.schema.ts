import { z } from 'zod'
import { PRODUCT_STATUSES } from '../catalog/product'
import { UK_ALLERGENS, VENDOR_PRODUCT_SORTS } from './backoffice'
import { ProductEditSchema } from './product-edit.schema'

/** One product of the shop, as the edit form loads it. */
export const VendorProductSchema = z.object({
  id: z.number().int(),
  productName: z.string(),
  productDescription: z.string(),
  productIngredients: z.string(),
  /** The storefront's allergen text, and what of it the form can tick. */
  productAllergens: z.string(),
  allergens: z.array(z.object({ name: z.enum(UK_ALLERGENS), detail: z.string() })),
  salePrice: z.number().nullable(),
  discountPrice: z.number().nullable(),
  qty: z.number().int(),
  isFree: z.boolean(),
  categoryId: z.number().int(),
  categoryPath: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  images: z.array(z.string()),
  archived: z.boolean(),
  dateCreated: z.string(),
})
export type VendorProduct = z.infer<typeof VendorProductSchema>
export const VendorProductListSchema = z.array(VendorProductSchema)

const flag = z.enum(['true', 'false']).optional()

/** GET /api/vendor/products: the table's search, filters, order and page. */
export const VendorProductQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  categoryId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  inStock: flag,
  free: flag,
  discounted: flag,
  /** Which products: those on sale (default), archived ones, or both. */
  archived: z.enum(['false', 'true', 'all']).default('false'),
  sort: z.enum(VENDOR_PRODUCT_SORTS).default('dateCreated'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
})
export type VendorProductQuery = z.input<typeof VendorProductQuerySchema>

/** PUT /api/vendor/products/{id}/stock: the table's inline stock edit, by the product edit's stock rule. */
export const StockInputSchema = z.object({ qty: ProductEditSchema.shape.qty })

export const VendorProductIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { message: 'id must be a product id' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(2_147_483_647)),
})

/** GET /api/vendor/categories: every node of the tree with its path, for the product form's select. */
export const VendorCategorySchema = z.object({
  id: z.number().int(),
  level: z.number().int(),
  path: z.string(),
})
export const VendorCategoryListSchema = z.array(VendorCategorySchema)
export type VendorCategory = z.infer<typeof VendorCategorySchema>

/** GET and PUT /api/vendor/shop: the shop fields the storefront shows. */
export const ShopProfileInputSchema = z.object({
  companyName: z
    .string({ error: 'Enter the shop’s name' })
    .trim()
    .min(1, { message: 'Enter the shop’s name' })
    .max(100, { message: 'At most 100 characters' }),
  city: z
    .string({ error: 'Enter the town' })
    .trim()
    .min(1, { message: 'Enter the town' })
    .max(60, { message: 'At most 60 characters' }),
  companyAddress: z
    .string({ error: 'Enter the address' })
    .trim()
    .min(1, { message: 'Enter the address' })
    .max(200, { message: 'At most 200 characters' }),
  companyPhone: z
    .string({ error: 'Enter a phone number' })
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, { message: 'Enter a phone number, like 020 7946 0101' }),
  description: z.string().trim().max(2000, { message: 'At most 2000 characters' }).default(''),
})
export type ShopProfileInput = z.input<typeof ShopProfileInputSchema>
export const ShopProfileSchema = ShopProfileInputSchema.extend({
  id: z.string(),
  shopImage: z.string().nullable(),
})
export type ShopProfile = z.infer<typeof ShopProfileSchema>
