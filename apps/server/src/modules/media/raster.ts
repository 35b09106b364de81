import sharp from 'sharp'
import { RASTER_WIDTHS, SOCIAL_IMAGE } from '@larder/shared'

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
  return cachedDrawing(`${key}@${width}`, () =>
    svg().then((text) => sharp(Buffer.from(text)).resize({ width }).webp({ quality: 82 }).toBuffer()),
  )
}

/** The tile colour mixed halfway with white: the preview's background, so the picture stands out on it. */
function paler(hex: string): { r: number; g: number; b: number } {
  const [r = 255, g = 255, b = 255] = [0, 2, 4].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16)
    return Math.round((channel + 255) / 2)
  })
  return { r, g, b }
}

/**
 * The picture as a 1200×630 PNG for link previews (Open Graph, Twitter cards): the picture at the
 * preview's full height, centred on a paler shade of its tile colour, so that neither network crops it.
 */
export function socialPicture(key: string, tile: string, svg: () => Promise<string>): Promise<Buffer> {
  const { width, height } = SOCIAL_IMAGE
  return cachedDrawing(`${key}@social`, async () => {
    const picture = await sharp(Buffer.from(await svg()))
      .resize({ width, height, fit: 'inside' })
      .png()
      .toBuffer()
    return sharp({ create: { width, height, channels: 4, background: { ...paler(tile), alpha: 1 } } })
      .composite([{ input: picture, gravity: 'centre' }])
      .png({ compressionLevel: 9, palette: true })
      .toBuffer()
  })
}

function cachedDrawing(cacheKey: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const cached = drawn.get(cacheKey)
  if (cached) {
    // Most recently used last, so the oldest is the one dropped.
    drawn.delete(cacheKey)
    drawn.set(cacheKey, cached)
    return cached
  }
  const picture = draw()
  drawn.set(cacheKey, picture)
  picture.catch(() => drawn.delete(cacheKey))
  const oldest = drawn.keys().next().value
  if (drawn.size > MAX_CACHED && oldest !== undefined) drawn.delete(oldest)
  return picture
}
