/**
 * The widths the media route draws a picture at as WebP (`/media/food/<icon>/<tile>.webp?w=160`), for
 * the small illustrations (tiles, aisle icons, the hero's art). Each SVG `<img>` costs the browser's
 * main thread a document of its own, 5–12 ms on the test machine, while a raster picture is decoded off
 * it; at these sizes the WebP is about as small as the SVG (docs/decisions/0014-small-pictures-as-webp.md).
 */
export const RASTER_WIDTHS = [96, 160, 240, 320] as const

/** A picture the media route draws: `/media/<shape>/<icon>/<six hex digits>.svg`. */
const DRAWN_PICTURE = /^\/media\/(food|shop)\/[a-z0-9-]+\/[0-9a-fA-F]{6}\.svg$/

/**
 * A `srcset` of the picture's WebP widths, for an `<img>` that shows it small (with `sizes`), or undefined
 * for any other picture (a shop's own upload), which then shows as it is.
 */
export function rasterSrcSet(src: string): string | undefined {
  if (!DRAWN_PICTURE.test(src)) return undefined
  const webp = src.slice(0, -'.svg'.length) + '.webp'
  return RASTER_WIDTHS.map((width) => `${webp}?w=${width} ${width}w`).join(', ')
}
