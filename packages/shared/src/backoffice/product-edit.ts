/**
 * What a shop may set on one of its products (the product form, the CSV import) without zod, so the
 * back office's screens can name the columns and limits without loading the schema.
 */

/** The limits of a product's fields (ProductEditSchema), for the form's hints and the import's docs. */
export const PRODUCT_EDIT_LIMITS = {
  productName: 200,
  productDescription: 5000,
  productIngredients: 5000,
  /** What the label says of one allergen (`wheat, barley`). */
  allergenDetail: 100,
  /** Stock, in items: beyond this is a typing mistake, not a shop's shelf. */
  qty: 1_000_000,
  /** The dearest item a shop may list, in pounds: far beyond any grocery, short of a typing slip's zeros. */
  price: 10_000,
} as const

/**
 * The columns of the shop's product CSV, in the order export writes them and import reads them (import
 * takes them in any order, by the header). `id` is the key that matches a row to a product: blank makes
 * a new product, a number updates that product of the shop's (docs/decisions/0036).
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'category',
  'sale_price',
  'discount_price',
  'stock',
  'free',
  'status',
  'description',
  'ingredients',
  'allergens',
] as const
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]

/** How a category is written in the CSV: its path from the top, `Bakery > Bread > Sourdough`. */
export const CATEGORY_PATH_SEPARATOR = ' > '

/** The most rows one import takes. */
export const PRODUCT_IMPORT_MAX_ROWS = 5_000

export const productImportMessages = {
  tooManyRows: `An import takes at most ${PRODUCT_IMPORT_MAX_ROWS} rows: split the file`,
  empty: 'The file has no rows under its header',
  missingColumn: (column: string) => `The header has no ${column} column`,
  unknownColumn: (column: string) => `Unknown column ${column}`,
  unknownCategory: 'No such category: write its path as in the export, e.g. Bakery > Bread',
  notYourProduct: 'No product of your shop has this id: leave it blank to add a new product',
  archived:
    'This product is archived (it may have been archived after the file was checked): restore it under Products first, or leave the id blank to add it as a new product',
  duplicateId: 'This id is on an earlier row too',
  hasProblems:
    'Nothing was imported: the file has rows with problems. Fix them, or import only the good rows.',
  notCsv: 'This is not a CSV file the import can read',
} as const

/** The picture rules (POST /api/vendor/products/:id/pictures). */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const
export const PICTURES_PER_PRODUCT = 12

export const pictureMessages = {
  missing: 'Choose a picture to upload',
  tooLarge: 'A picture can be at most 10 MB',
  notAPicture: 'This file is not a JPEG, PNG, WebP or HEIC picture',
  tooManyPixels: 'This picture has too many pixels: at most 50 megapixels',
  tooMany: `A product can have at most ${PICTURES_PER_PRODUCT} pictures`,
  notTheSamePictures: "The list must hold only this product's current pictures, each once",
  noSuchProduct: 'Your shop has no such product',
} as const
