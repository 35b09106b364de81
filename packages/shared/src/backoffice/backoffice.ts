/** The operator of the marketplace: every shop, every order, the category tree. */
export const ADMIN_ROLE = 'ROLE_ADMIN'
/** Staff of exactly one shop: that shop's products, profile and orders, nothing of any other shop. */
export const VENDOR_ROLE = 'ROLE_VENDOR'

/**
 * The password rule of every account (accounts/account.ts PASSWORD_MIN_LENGTH and PASSWORD_MAX_LENGTH,
 * which backoffice.test.ts holds these to), restated here so that the back office's chunks never share
 * a module with the storefront's log-in pages: sharing one would split it out of their chunks and change
 * what those pages load.
 */
export const BACKOFFICE_PASSWORD_MIN = 6
export const BACKOFFICE_PASSWORD_MAX = 50

/** How long an invitation's set-password link stays usable. */
export const INVITATION_TTL_DAYS = 7

/**
 * The fourteen allergens UK food law makes shops name (the Food Information Regulations 2014, Annex II),
 * as the catalogue words them; the product form offers them as boxes to tick.
 */
export const UK_ALLERGENS = [
  'Celery',
  'Cereals containing gluten',
  'Crustaceans',
  'Eggs',
  'Fish',
  'Lupin',
  'Milk',
  'Molluscs',
  'Mustard',
  'Tree nuts',
  'Peanuts',
  'Sesame',
  'Soya',
  'Sulphites',
] as const
export type UkAllergen = (typeof UK_ALLERGENS)[number]

/** An allergen a product contains, with what the label says of it: `Cereals containing gluten (rye, wheat)`. */
export interface AllergenEntry {
  name: UkAllergen
  detail: string
}

export const isUkAllergen = (name: string): name is UkAllergen =>
  (UK_ALLERGENS as readonly string[]).includes(name)

/**
 * A product's allergen text (`Milk, Cereals containing gluten (rye, wheat)`, what the storefront shows) as
 * entries; commas inside brackets belong to the detail. Names that are not one of the fourteen are left
 * out (`unknown` lists them, so a form can say so).
 */
export function parseAllergens(text: string): { entries: AllergenEntry[]; unknown: string[] } {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const char of text) {
    if (char === '(') depth++
    if (char === ')') depth = Math.max(0, depth - 1)
    if (char === ',' && depth === 0) {
      parts.push(current)
      current = ''
    } else current += char
  }
  parts.push(current)
  const entries: AllergenEntry[] = []
  const unknown: string[] = []
  for (const part of parts.map((p) => p.trim()).filter(Boolean)) {
    const match = /^(.*?)\s*(?:\((.*)\))?$/.exec(part)
    const name = (match?.[1] ?? part).trim()
    const found = UK_ALLERGENS.find((known) => known.toLowerCase() === name.toLowerCase())
    if (found && !entries.some((entry) => entry.name === found))
      entries.push({ name: found, detail: (match?.[2] ?? '').trim() })
    else if (!found) unknown.push(part)
  }
  return { entries, unknown }
}

/** Entries back to the storefront's text, in the order of UK_ALLERGENS. */
export function formatAllergens(entries: readonly AllergenEntry[]): string {
  return UK_ALLERGENS.flatMap((name) => {
    const entry = entries.find((e) => e.name === name)
    if (!entry) return []
    return [entry.detail.trim() ? `${name} (${entry.detail.trim()})` : name]
  }).join(', ')
}

/** The vendor's product table: filters and sorts it offers, and its page sizes. */
export const VENDOR_PRODUCT_SORTS = ['dateCreated', 'productName', 'salePrice', 'qty'] as const
export type VendorProductSort = (typeof VENDOR_PRODUCT_SORTS)[number]
export const VENDOR_PRODUCT_PAGE_SIZE = 20

export const productMessages = {
  nameRequired: 'Enter the product’s name',
  priceRequired: 'Enter the sale price, or tick Free',
  priceInvalid: 'Enter an amount in pounds, like 2.50',
  discountNotLower: 'The discount price must be lower than the sale price',
  stockInvalid: 'Enter a whole number of items, 0 or more',
  categoryRequired: 'Choose a category',
  categoryUnknown: 'Choose a category from the list',
  freeInvalid: 'Free must be yes or no',
  statusInvalid: 'The status must be ACTIVE or RATED',
  allergenUnknown: `Name only the UK’s 14 allergens: ${UK_ALLERGENS.join(', ')}`,
  allergenTwice: 'Name each allergen once',
  tooLong: (max: number) => `At most ${max} characters`,
  notFound: 'No such product in your shop',
} as const

export const backOfficeMessages = {
  notStaff: 'This page is for the staff of a shop on Larder.',
  notOperator: "This page is for Larder's operators.",
  invitationSent: 'Invitation sent.',
  invitationInvalid: 'This invitation link is not valid any more. Ask whoever invited you for a new one.',
  invitationAccepted: 'Your password is set. Please sign in.',
  emailHasAccount: 'This e-mail address already has an account on Larder.',
  emailOtherShop: 'This e-mail address belongs to the staff of another shop.',
  shopRequired: 'Choose the shop the new member works for',
  emailRequired: 'Enter their e-mail address',
  emailInvalid: 'Enter an e-mail address like name@example.com',
  passwordRequired: 'Choose a password',
  passwordLength: `Use ${BACKOFFICE_PASSWORD_MIN} to ${BACKOFFICE_PASSWORD_MAX} characters`,
} as const
