import { z } from 'zod'

export interface Category {
  categoryName: string
  subCategory: Category[]
}

export const CategorySchema: z.ZodType<Category> = z.object({
  categoryName: z.string(),
  get subCategory() {
    return z.array(CategorySchema)
  },
})

export const CategoryListSchema = z.array(CategorySchema)
