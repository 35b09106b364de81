import { z } from 'zod'
import { MAX_PRODUCT_ID, PRODUCT_STATUSES } from './product'

export const ProductStatusSchema = z.enum(PRODUCT_STATUSES)

export const ProductSchema = z.object({
  id: z.number().int(),
  productName: z.string(),
  productDescription: z.string(),
  productIngredients: z.string(),
  productAllergens: z.string(),
  images: z.array(z.string()),
  salePrice: z.number().nullable(),
  discountPrice: z.number().nullable(),
  qty: z.number().int(),
  isFree: z.boolean(),
  status: ProductStatusSchema,
  categoryL1: z.string(),
  categoryL2: z.string().nullable(),
  categoryL3: z.string().nullable(),
  vendorID: z.string(),
  vendorCity: z.string(),
  vendorCompanyName: z.string(),
  dateCreated: z.string(),
  stripeProductId: z.string().nullable(),
  stripePriceIds: z.array(z.string()),
})
export type Product = z.infer<typeof ProductSchema>

export const ProductListSchema = z.array(ProductSchema)

/**
 * A product id sent to the server. An id beyond what the database can hold is refused here, with the
 * range in the message, instead of failing in the query.
 */
export const productIdSchema = (name: string) =>
  z
    .number({ error: `${name} must be a product id` })
    .int({ message: `${name} must be a product id` })
    .min(1, { message: `${name} must be a product id (1 to ${MAX_PRODUCT_ID})` })
    .max(MAX_PRODUCT_ID, { message: `${name} must be a product id (1 to ${MAX_PRODUCT_ID})` })

export const ProductIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, { message: 'id must be a positive whole number' })
    .transform(Number)
    .pipe(productIdSchema('id')),
})
