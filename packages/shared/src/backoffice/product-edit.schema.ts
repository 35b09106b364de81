import { z } from 'zod'
import { PRODUCT_STATUSES } from '../catalog/product'
import { PRODUCT_EDIT_LIMITS } from './product-edit'

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}: at most ${max} characters` })

/** An amount in pounds with at most two decimals, or null (no price). */
const pounds = (label: string) =>
  z
    .number({ error: `${label} must be an amount in pounds, like 2.50` })
    .min(0, { message: `${label} cannot be below zero` })
    .max(PRODUCT_EDIT_LIMITS.price, { message: `${label}: at most £${PRODUCT_EDIT_LIMITS.price}` })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      message: `${label} has at most two decimals (pence)`,
    })
    .nullable()

/**
 * A product as its shop edits it: the fields the storefront shows, prices in pounds, the category by id.
 * The one check of a product edit, on both sides: the product form, the CSV import (which maps each
 * column onto these fields) and the server's routes.
 */
export const ProductEditSchema = z
  .object({
    productName: text(PRODUCT_EDIT_LIMITS.productName, 'Name').min(1, { message: 'Enter the name' }),
    productDescription: text(PRODUCT_EDIT_LIMITS.productDescription, 'Description').default(''),
    productIngredients: text(PRODUCT_EDIT_LIMITS.productIngredients, 'Ingredients').default(''),
    productAllergens: text(PRODUCT_EDIT_LIMITS.productAllergens, 'Allergens').default(''),
    salePrice: pounds('Sale price'),
    discountPrice: pounds('Discount price'),
    qty: z
      .number({ error: 'Stock must be a whole number' })
      .int({ message: 'Stock must be a whole number' })
      .min(0, { message: 'Stock cannot be below zero' })
      .max(PRODUCT_EDIT_LIMITS.qty, { message: `Stock: at most ${PRODUCT_EDIT_LIMITS.qty}` }),
    isFree: z.boolean({ error: 'Free must be yes or no' }),
    status: z.enum(PRODUCT_STATUSES, { error: `Status must be ${PRODUCT_STATUSES.join(' or ')}` }),
    categoryId: z.number({ error: 'Choose a category' }).int().min(1, { message: 'Choose a category' }),
  })
  .superRefine((value, context) => {
    // The storefront's price rules: a discount is below the sale price it discounts, and a product
    // that is not free has a price to charge.
    if (value.discountPrice !== null) {
      if (value.salePrice === null) {
        context.addIssue({
          code: 'custom',
          path: ['discountPrice'],
          message: 'A discount price needs a sale price',
        })
      } else if (value.discountPrice >= value.salePrice) {
        context.addIssue({
          code: 'custom',
          path: ['discountPrice'],
          message: 'The discount price must be below the sale price',
        })
      }
    }
    if (!value.isFree && value.salePrice === null) {
      context.addIssue({
        code: 'custom',
        path: ['salePrice'],
        message: 'Enter a sale price, or mark it free',
      })
    }
  })
export type ProductEdit = z.infer<typeof ProductEditSchema>
export type ProductEditInput = z.input<typeof ProductEditSchema>

/** One problem of an import file: the spreadsheet row (the header is row 1), the column, what is wrong. */
export const ImportProblemSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
})
export type ImportProblem = z.infer<typeof ImportProblemSchema>

/** POST /api/vendor/products/import: what the file does (dry run) or did (import). */
export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  /** Rows with no problem: new products, and updates of the shop's products. */
  creates: z.number().int(),
  updates: z.number().int(),
  /** Rows refused, each with at least one problem below. */
  badRows: z.number().int(),
  problems: z.array(ImportProblemSchema),
  /** Whether the import wrote anything (false for a dry run, or a refused import). */
  imported: z.boolean(),
})
export type ImportReport = z.infer<typeof ImportReportSchema>

export const ImportQuerySchema = z.object({
  /** `true`: check and report, change nothing. */
  dryRun: z.enum(['true', 'false']).default('true'),
  /** `all`: nothing is imported if any row is bad; `valid`: the good rows are, the bad ones reported. */
  rows: z.enum(['all', 'valid']).default('all'),
})

/** A picture of a product as the back office lists it. */
export const ProductPictureSchema = z.object({
  src: z.string(),
  /** Uploaded through the back office (with its widths); false for a picture from elsewhere. */
  uploaded: z.boolean(),
  srcSet: z.string().nullable(),
})

/** GET/POST/PUT /api/vendor/products/:id/pictures: the product's pictures in order, the first the main. */
export const ProductPicturesSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  pictures: z.array(ProductPictureSchema),
})
export type ProductPictures = z.infer<typeof ProductPicturesSchema>

/** PUT /api/vendor/products/:id/pictures: the new order, leaving out the pictures to remove. */
export const PictureOrderSchema = z.object({ images: z.array(z.string().max(500)).max(50) })
