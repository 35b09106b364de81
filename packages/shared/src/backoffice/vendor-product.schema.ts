import { z } from 'zod'
import { PRODUCT_STATUSES } from '../catalog/product'
import { productMessages, UK_ALLERGENS, VENDOR_PRODUCT_SORTS } from './backoffice'

const TEXT_MAX = 5000
/** The dearest item a shop may list, in pounds: far beyond any grocery, short of a typing slip's zeros. */
export const PRICE_MAX_POUNDS = 10_000

/** Pounds with at most two decimals, 0 to PRICE_MAX_POUNDS; the server keeps integer pence. */
const pounds = z
  .number({ error: productMessages.priceInvalid })
  .min(0, { message: productMessages.priceInvalid })
  .max(PRICE_MAX_POUNDS, { message: productMessages.priceInvalid })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: productMessages.priceInvalid,
  })

export const AllergenEntrySchema = z.object({
  name: z.enum(UK_ALLERGENS),
  detail: z.string().trim().max(100).default(''),
})

/**
 * A product as the shop edits it (POST /api/vendor/products, PUT /api/vendor/products/{id}): every field
 * the storefront shows. Prices are pounds; a free item needs none, any other a sale price, and a discount
 * price must be lower than the sale price.
 */
export const VendorProductInputSchema = z
  .object({
    productName: z
      .string({ error: productMessages.nameRequired })
      .trim()
      .min(1, { message: productMessages.nameRequired })
      .max(200, { message: 'At most 200 characters' }),
    productDescription: z.string().trim().max(TEXT_MAX).default(''),
    productIngredients: z.string().trim().max(TEXT_MAX).default(''),
    allergens: z
      .array(AllergenEntrySchema)
      .max(UK_ALLERGENS.length)
      .refine((list) => new Set(list.map((entry) => entry.name)).size === list.length, {
        message: 'Each allergen once',
      })
      .default([]),
    salePrice: pounds.nullable(),
    discountPrice: pounds.nullable(),
    qty: z
      .number({ error: productMessages.stockInvalid })
      .int({ message: productMessages.stockInvalid })
      .min(0, { message: productMessages.stockInvalid })
      .max(1_000_000, { message: productMessages.stockInvalid }),
    isFree: z.boolean(),
    categoryId: z
      .number({ error: productMessages.categoryRequired })
      .int({ message: productMessages.categoryRequired })
      .min(1, { message: productMessages.categoryRequired })
      .max(2_147_483_647, { message: productMessages.categoryUnknown }),
    status: z.enum(PRODUCT_STATUSES),
  })
  .superRefine((product, context) => {
    if (!product.isFree && product.salePrice === null)
      context.addIssue({ code: 'custom', message: productMessages.priceRequired, path: ['salePrice'] })
    if (
      product.discountPrice !== null &&
      (product.salePrice === null || product.discountPrice >= product.salePrice)
    )
      context.addIssue({ code: 'custom', message: productMessages.discountNotLower, path: ['discountPrice'] })
  })
export type VendorProductInput = z.input<typeof VendorProductInputSchema>

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

/** PUT /api/vendor/products/{id}/stock: the table's inline stock edit. */
export const StockInputSchema = z.object({
  qty: z
    .number({ error: productMessages.stockInvalid })
    .int({ message: productMessages.stockInvalid })
    .min(0, { message: productMessages.stockInvalid })
    .max(1_000_000, { message: productMessages.stockInvalid }),
})

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
