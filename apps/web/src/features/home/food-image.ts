/**
 * The API's food illustrations (an emoji icon on a coloured tile), named the way the server's
 * media-urls.ts builds them; the web app may not import server code, so the shape is repeated here.
 * Icons and tile colours are ones the demo seed uses, so the browser often has them cached already.
 */
export const foodImageUrl = (icon: string, tile: string) => `/media/food/${icon}/${tile}.svg`
