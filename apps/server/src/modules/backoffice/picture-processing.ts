import { createHash } from 'node:crypto'
import sharp, { type Metadata, type Sharp } from 'sharp'
import { pictureMessages, UPLOAD_WIDTHS } from '@larder/shared'
import { HttpError } from '../../plugins/errors'
import { decodeHeic } from './heic-decoder'

/** The kinds of file a shop may upload, as their first bytes tell (never the file's name or its type). */
export type PictureKind = 'jpeg' | 'png' | 'webp' | 'heic'

// HEIF brands of Apple's and Samsung's photos (ISO/IEC 23008-12); AVIF ('avif', 'avis') is not offered.
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])

/** The kind of picture `bytes` hold, by their magic bytes, or undefined for anything else. */
export function sniffPicture(bytes: Buffer): PictureKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  if (bytes.toString('latin1', 4, 8) === 'ftyp' && HEIC_BRANDS.has(bytes.toString('latin1', 8, 12)))
    return 'heic'
  return undefined
}

/** What sharp's metadata must call each kind it decodes itself: the second check, by the decoder. */
const SHARP_FORMAT: Record<Exclude<PictureKind, 'heic'>, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp' }

/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 50_000_000

export interface ProcessedPicture {
  /** The first 32 hex digits of the upload's SHA-256: its name in URLs. */
  hash: string
  width: number
  height: number
  variants: { width: number; bytes: Buffer }[]
}

const refuse = (message: string) => new HttpError(400, message)

/** The upload as sharp reads it, made anew for each use; checked to be what its first bytes said. */
type Source = () => Sharp

/** JPEG, PNG and WebP: sharp (libvips) decodes them, once its own reading of the header agrees. */
async function sharpSource(bytes: Buffer, kind: Exclude<PictureKind, 'heic'>): Promise<Source> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
  let metadata: Metadata
  try {
    metadata = await input().metadata()
  } catch {
    throw refuse(pictureMessages.notAPicture)
  }
  if (metadata.format !== SHARP_FORMAT[kind]) throw refuse(pictureMessages.notAPicture)
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw refuse(pictureMessages.tooManyPixels)
  }
  return input
}

/**
 * HEIC: sharp's prebuilt libvips has no HEVC decoder, so libheif (heic-decode, WebAssembly) decodes it in
 * a worker thread (heic-decoder.ts, decision 0040) and sharp takes the pixels from there. libheif has
 * already turned the image by the file's own rotation and mirroring, and raw pixels carry no EXIF, so
 * nothing turns it twice.
 */
async function heicSource(bytes: Buffer): Promise<Source> {
  const decoded = await decodeHeic(bytes, MAX_INPUT_PIXELS)
  if (decoded.kind === 'too-many-pixels') throw refuse(pictureMessages.tooManyPixels)
  if (decoded.kind === 'failed') throw refuse(pictureMessages.notAPicture)
  const { width, height, data, opaque } = decoded
  return () => {
    const image = sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS })
    return opaque ? image.removeAlpha() : image
  }
}

/**
 * An uploaded file checked and drawn at every width of UPLOAD_WIDTHS as WebP: turned upright by its EXIF
 * orientation, with its metadata (GPS position included) left out, never enlarged. Refused with a 400
 * whose message says why when it is not a picture of an accepted kind or cannot be decoded.
 */
export async function processPicture(bytes: Buffer): Promise<ProcessedPicture> {
  const kind = sniffPicture(bytes)
  if (kind === undefined) throw refuse(pictureMessages.notAPicture)
  const input = kind === 'heic' ? await heicSource(bytes) : await sharpSource(bytes, kind)
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
  try {
    // Decoded once, upright, at the largest width; the smaller widths are drawn from that.
    const largest = UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1]
    const { data, info } = await input()
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { width: info.width, height: info.height, channels: info.channels }
    const variants = []
    for (const width of UPLOAD_WIDTHS) {
      const webp = await sharp(data, { raw })
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer()
      variants.push({ width, bytes: webp })
    }
    return { hash, width: info.width, height: info.height, variants }
  } catch {
    throw refuse(pictureMessages.notAPicture)
  }
}
