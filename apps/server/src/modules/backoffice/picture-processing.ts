import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { pictureMessages, UPLOAD_WIDTHS } from '@larder/shared'
import { HttpError } from '../../plugins/errors'

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

/** What sharp's metadata must call each kind: the second check, by the decoder itself. */
const SHARP_FORMAT: Record<PictureKind, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heic: 'heif' }

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

/**
 * An uploaded file checked and drawn at every width of UPLOAD_WIDTHS as WebP: turned upright by its EXIF
 * orientation, with its metadata (GPS position included) left out, never enlarged. Refused with a 400
 * whose message says why when it is not a picture of an accepted kind or cannot be decoded.
 */
export async function processPicture(bytes: Buffer): Promise<ProcessedPicture> {
  const kind = sniffPicture(bytes)
  if (kind === undefined) throw refuse(pictureMessages.notAPicture)
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
  let metadata: Metadata
  try {
    metadata = await input().metadata()
  } catch {
    throw refuse(kind === 'heic' ? pictureMessages.heicUnsupported : pictureMessages.notAPicture)
  }
  if (metadata.format !== SHARP_FORMAT[kind]) throw refuse(pictureMessages.notAPicture)
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw refuse(pictureMessages.tooManyPixels)
  }
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
    // libvips reads HEIF files but the prebuilt sharp has no HEVC decoder: HEIC photos fail here.
    throw refuse(kind === 'heic' ? pictureMessages.heicUnsupported : pictureMessages.notAPicture)
  }
}
