/**
 * The names and figures the inline scripts of a server-rendered page share with the rest of the web app
 * and with the e2e tests. A script's build copies the values into its code, so this module must stay
 * plain constants: it is also imported by the app's own bundle.
 */

/** The global early-clicks.ts leaves: a function that stops holding clicks and returns the held buttons. */
export const EARLY_CLICKS_GLOBAL = '__larderReleaseClicks'

/** The global with the fields changed before hydration, in the order first changed (early-clicks.ts). */
export const EARLY_FIELDS_GLOBAL = '__larderEarlyFields'

/** How long held clicks wait for the page's code before forms are left to the browser (early-clicks.ts). */
export const EARLY_CLICKS_GIVE_UP_MS = 15_000

/** Modulepreloads entry-after-paint.ts starts in one task: each costs the main thread about 1 ms. */
export const PRELOADS_PER_TASK = 4

/** Marks a product grid whose first card gives the stand-in height of the others (card-height.ts). */
export const CARD_GRID_ATTRIBUTE = 'data-card-grid'

/** The custom property, set on the grid, whose value the items' `contain-intrinsic-size` takes. */
export const CARD_HEIGHT_PROPERTY = '--card-height'
