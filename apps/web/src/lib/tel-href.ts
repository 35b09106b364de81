/** A tel: link keeps only what a phone dials: digits and a leading plus ('020 7946 0110' → tel:02079460110). */
export function telHref(phone: string): string {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`
}
