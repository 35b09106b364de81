/**
 * Addresses of back-office screens that other screens link to, apart from `navigation.ts`: that module
 * loads the screens, so a screen importing it would make a circle.
 */

/** The screen of a product's pictures, for the link on the product table's row. */
export const productPicturesHref = (productId: number) => `/vendor/products/${productId}/pictures`
