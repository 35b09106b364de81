/**
 * The addresses of a product's screens, in a module of their own: the screens link to each other, and
 * navigation.ts (which loads the screens) would otherwise be imported by the screens it loads.
 */

/** The screen of a product's pictures, linked from its row in the product table. */
export const productPicturesHref = (productId: number) => `/vendor/products/${productId}/pictures`
