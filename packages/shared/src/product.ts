export const PRODUCT_STATUSES = ['ACTIVE', 'RATED'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]
