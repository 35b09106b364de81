/** A product id from the URL: a positive whole number, or null for anything else ('12abc', '1e3', '0'). */
export function parseProductId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 ? id : null
}
