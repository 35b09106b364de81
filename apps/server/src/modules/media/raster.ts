import sharp from 'sharp'
import { RASTER_WIDTHS } from '@larder/shared'

type RasterWidth = (typeof RASTER_WIDTHS)[number]

export const isRasterWidth = (width: number): width is RasterWidth =>
  (RASTER_WIDTHS as readonly number[]).includes(width)

// Drawing takes 5–15 ms of CPU, so each picture is drawn once per process. The demo catalogue's small
// pictures number in the hundreds at 1–4 kB each; the bound keeps a crawl of every colour from growing it.
const MAX_CACHED = 2000
const drawn = new Map<string, Promise<Buffer>>()

/**
 * The picture named `key` drawn `width` pixels wide as WebP: from the cache when it has been drawn
 * before, and only otherwise from its SVG, which `svg` makes. A failure is not kept.
 */
export function rasterPicture(key: string, width: RasterWidth, svg: () => Promise<string>): Promise<Buffer> {
  const cacheKey = `${key}@${width}`
  const cached = drawn.get(cacheKey)
  if (cached) {
    // Most recently used last, so the oldest is the one dropped.
    drawn.delete(cacheKey)
    drawn.set(cacheKey, cached)
    return cached
  }
  const picture = svg().then((text) =>
    sharp(Buffer.from(text)).resize({ width }).webp({ quality: 82 }).toBuffer(),
  )
  drawn.set(cacheKey, picture)
  picture.catch(() => drawn.delete(cacheKey))
  const oldest = drawn.keys().next().value
  if (drawn.size > MAX_CACHED && oldest !== undefined) drawn.delete(oldest)
  return picture
}
