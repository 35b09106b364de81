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
 * in the Food Standards Agency's order and wording; the product form offers them as boxes to tick.
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
  'Sesame seeds',
  'Soya',
  'Sulphur dioxide and sulphites',
] as const
export type UkAllergen = (typeof UK_ALLERGENS)[number]

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
