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

/**
 * The widths a shop's uploaded picture is stored at, as WebP (`/media/uploads/<hash>/<width>.webp`): from
 * the 36-pixel search suggestion to the 512-pixel product page on a screen of twice the density. A picture
 * narrower than a width is stored at its own width under that name (never enlarged).
 */
export const UPLOAD_WIDTHS = [160, 320, 640, 1280] as const
/** The width a product's `images` entry names; the others are offered beside it through `srcset`. */
export const UPLOAD_MAIN_WIDTH = 640

/** An uploaded picture: `/media/uploads/<32 hex digits>/<width>.webp`. */
const UPLOADED_PICTURE = /^\/media\/uploads\/([0-9a-f]{32})\/(\d+)\.webp$/

/** The URL of an uploaded picture's variant. */
export const uploadedPictureUrl = (hash: string, width: number = UPLOAD_MAIN_WIDTH) =>
  `/media/uploads/${hash}/${width}.webp`

/** The content hash of an uploaded picture's URL, or undefined for any other picture. */
export function uploadedPictureHash(src: string): string | undefined {
  return UPLOADED_PICTURE.exec(src)?.[1]
}

/** A `srcset` of an uploaded picture's widths, or undefined for any other picture. */
export function uploadSrcSet(src: string): string | undefined {
  const hash = uploadedPictureHash(src)
  if (hash === undefined) return undefined
  return UPLOAD_WIDTHS.map((width) => `${uploadedPictureUrl(hash, width)} ${width}w`).join(', ')
}

/** The size of the preview picture of a shared link (Open Graph, Twitter): 1.91:1, as both recommend. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const

/** The picture shown when a page has none of its own: a shop front with a basket, in the brand's green. */
export const DEFAULT_SOCIAL_PICTURE = '/media/shop/basket/cfe8d8.svg'

/**
 * The 1200×630 PNG the media route makes of a drawn picture (`/media/food/<icon>/<tile>.png`), for link
 * previews, which want a raster picture of that shape; undefined for any other picture.
 */
export function socialImagePath(src: string): string | undefined {
  if (!DRAWN_PICTURE.test(src)) return undefined
  return src.slice(0, -'.svg'.length) + '.png'
}
