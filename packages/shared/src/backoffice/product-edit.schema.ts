import { z } from 'zod'
import { PRODUCT_STATUSES } from '../catalog/product'
import { productMessages, UK_ALLERGENS } from './backoffice'
import { PRODUCT_EDIT_LIMITS } from './product-edit'

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: productMessages.tooLong(max) })

/** Pounds with at most two decimals, 0 to PRODUCT_EDIT_LIMITS.price, or null (none); the server keeps pence. */
const pounds = z
  .number({ error: productMessages.priceInvalid })
  .min(0, { message: productMessages.priceInvalid })
  .max(PRODUCT_EDIT_LIMITS.price, { message: productMessages.priceInvalid })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: productMessages.priceInvalid,
  })
  .nullable()

/** One of the fourteen allergens a product contains, with what its label says of it (`wheat, barley`). */
export const AllergenEntrySchema = z.object({
  name: z.enum(UK_ALLERGENS, { error: productMessages.allergenUnknown }),
  detail: text(PRODUCT_EDIT_LIMITS.allergenDetail).default(''),
})

/**
 * A product as its shop edits it: every field the storefront shows, prices in pounds, the category by id.
 * The one set of rules of a product edit, with the one set of messages (`productMessages`): the create and
 * edit routes take it as their body (POST /api/vendor/products, PUT /api/vendor/products/{id}), the CSV
 * import checks each row with it after turning the row's columns into these fields (product-csv.ts), and
 * the product form checks what was typed with it before sending. A free item needs no price, any other a
 * sale price, and a discount price must be lower than the sale price.
 */
export const ProductEditSchema = z
  .object({
    productName: z
      .string({ error: productMessages.nameRequired })
      .trim()
      .min(1, { message: productMessages.nameRequired })
      .max(PRODUCT_EDIT_LIMITS.productName, {
        message: productMessages.tooLong(PRODUCT_EDIT_LIMITS.productName),
      }),
    productDescription: text(PRODUCT_EDIT_LIMITS.productDescription).default(''),
    productIngredients: text(PRODUCT_EDIT_LIMITS.productIngredients).default(''),
    allergens: z
      .array(AllergenEntrySchema)
      .max(UK_ALLERGENS.length, { message: productMessages.allergenTwice })
      .refine((list) => new Set(list.map((entry) => entry.name)).size === list.length, {
        message: productMessages.allergenTwice,
      })
      .default([]),
    salePrice: pounds,
    discountPrice: pounds,
    qty: z
      .number({ error: productMessages.stockInvalid })
      .int({ message: productMessages.stockInvalid })
      .min(0, { message: productMessages.stockInvalid })
      .max(PRODUCT_EDIT_LIMITS.qty, { message: productMessages.stockInvalid }),
    isFree: z.boolean({ error: productMessages.freeInvalid }),
    categoryId: z
      .number({ error: productMessages.categoryRequired })
      .int({ message: productMessages.categoryRequired })
      .min(1, { message: productMessages.categoryRequired })
      .max(2_147_483_647, { message: productMessages.categoryUnknown }),
    status: z.enum(PRODUCT_STATUSES, { error: productMessages.statusInvalid }),
  })
  .superRefine((product, context) => {
    // The storefront's price rules: a product that is not free has a price to charge, and a discount is
    // below the sale price it discounts.
    if (!product.isFree && product.salePrice === null)
      context.addIssue({ code: 'custom', message: productMessages.priceRequired, path: ['salePrice'] })
    if (
      product.discountPrice !== null &&
      (product.salePrice === null || product.discountPrice >= product.salePrice)
    )
      context.addIssue({ code: 'custom', message: productMessages.discountNotLower, path: ['discountPrice'] })
  })
/** A product edit as checked: text trimmed, defaults filled in. */
export type ProductEdit = z.output<typeof ProductEditSchema>
/** A product edit as sent (the routes' body). */
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
