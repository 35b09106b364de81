/**
 * The listing heading for `/products/{l1}/{l2}/{l3}`: the (already URL-decoded) levels joined with ' > '.
 * A level-1 value like `user-3` is a shop id, not a category: the page lists that shop's products.
 */
export interface ListingParams {
  l1?: string | undefined
  l2?: string | undefined
  l3?: string | undefined
}

const SHOP_ID = /^user-\d+$/

export function categoryLevels(params: ListingParams): string[] {
  return [params.l1, params.l2, params.l3].filter(
    (level): level is string => level !== undefined && level.trim() !== '',
  )
}

export function categoryHeading(params: ListingParams): string {
  return categoryLevels(params).join(' > ')
}

export function isShopId(value: string | undefined): value is string {
  return value !== undefined && SHOP_ID.test(value)
}
