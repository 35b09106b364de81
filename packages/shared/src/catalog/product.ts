export const PRODUCT_STATUSES = ['ACTIVE', 'RATED'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

/** The largest id a product can have: ids are PostgreSQL `integer`s. */
export const MAX_PRODUCT_ID = 2_147_483_647
