/** Money travels as pence (integers) inside the system and as pounds with two decimals in the API. */
export type Pence = number

export const DELIVERY_CHARGE_PENCE: Pence = 160

export const penceToPounds = (pence: Pence): number => Math.round(pence) / 100

export const poundsToPence = (pounds: number): Pence => Math.round(pounds * 100)

/**
 * `£1,234.50`, `-£2.00`: what `Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })` writes
 * (money.test.ts checks it against that). Not Intl itself: creating a currency formatter loads the locale's
 * data, about 20 ms of main thread as the page's code starts (an 87 ms task in Lighthouse's mobile run).
 */
export function formatPounds(pounds: number): string {
  if (!Number.isFinite(pounds)) return `£${pounds}`
  const pence = Math.round(Math.abs(pounds) * 100)
  const whole = String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const sign = pounds < 0 && pence > 0 ? '-' : ''
  return `${sign}£${whole}.${String(pence % 100).padStart(2, '0')}`
}

/**
 * The price a shopper pays: the discount price when present and lower than the sale price,
 * otherwise the sale price; nothing when the item is free.
 */
export function effectivePricePence(item: {
  isFree: boolean
  salePricePence: Pence | null
  discountPricePence: Pence | null
}): Pence {
  if (item.isFree) return 0
  const sale = item.salePricePence ?? 0
  const discount = item.discountPricePence
  return discount !== null && discount < sale ? discount : sale
}

/** round((sale - discount) / sale * 100), or null when the banner must not show. */
export function discountPercent(salePrice: number | null, discountPrice: number | null): number | null {
  if (salePrice === null || discountPrice === null || salePrice <= 0) return null
  return Math.round(((salePrice - discountPrice) / salePrice) * 100)
}
