import { MAX_PRODUCT_ID } from '@larder/shared'

/**
 * A product id from the URL: a whole number the API can hold, or null for anything else ('12abc', '1e3',
 * '0', '2147483648'), which the page shows as not found.
 */
export function parseProductId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 && id <= MAX_PRODUCT_ID ? id : null
}
