/**
 * The product form's check, loaded lazily by its resolver (lib/lazy-zod-resolver.ts) so that zod stays
 * out of the form screen's own chunk. It is the shared ProductEditSchema, the very rules and messages of
 * the create and edit routes and the CSV import, run on what the form would send; each refusal is put
 * beside the form field it names. Nothing else may import this module statically.
 */
import { ProductEditSchema, type ProductEdit } from '@larder/shared'
import { z } from 'zod'
import { formFieldOf, toProductEdit, type ProductFormValues } from './product-form-values'

export const ProductFormSchema: z.ZodType<ProductEdit, ProductFormValues> = z
  .custom<ProductFormValues>()
  .transform((values, context) => {
    const checked = ProductEditSchema.safeParse(toProductEdit(values))
    if (checked.success) return checked.data
    for (const issue of checked.error.issues) {
      const field = formFieldOf(values, issue.path)
      context.addIssue({ code: 'custom', message: issue.message, path: field ? field.split('.') : [] })
    }
    return z.NEVER
  })
