import { z } from 'zod'
import { PRODUCT_STATUSES } from '../product'

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

export const ProductIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, { message: 'id must be a positive whole number' })
    .transform(Number),
})
