import { z } from 'zod'

export const ShopSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  city: z.string(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  description: z.string(),
  shopImage: z.string().nullable(),
})
export type Shop = z.infer<typeof ShopSchema>

export const ShopListSchema = z.array(ShopSchema)
