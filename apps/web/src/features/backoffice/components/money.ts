/**
 * £2.50 from pounds, for the back office's tables. Its own formatter rather than the storefront's
 * (shared `formatPounds`): the back office's chunks keep off the modules the storefront's page chunks
 * share, so that the storefront loads the same files (decision 0030).
 */
const formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })
export const pounds = (value: number | null) => (value === null ? '—' : formatter.format(value))

/** A price field's text as pounds: '' is no price, anything unreadable is NaN (the schema's message says so). */
export function parsePounds(text: string): number | null {
  const trimmed = text.trim().replace(/^£/, '')
  if (trimmed === '') return null
  return /^\d+(\.\d{1,})?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** A whole-number field's text: '' and anything unreadable are NaN, which the schema refuses with its message. */
export function parseCount(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN
}
