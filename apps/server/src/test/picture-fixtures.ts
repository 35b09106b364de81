import { readFileSync } from 'node:fs'

/**
 * A real HEIC photo (HEIF with HEVC, brand `heic`), 569 bytes: 400×300, its top quarter green (20, 200, 40),
 * below it red (220, 30, 30) on the left half and blue (30, 40, 220) on the right. Made for this project by
 * libheif's `heif-enc -q 50` (1.15.1, x265) from a PNG drawn by sharp (docs/decisions/0040).
 */
export const HEIC_FIXTURE = readFileSync(new URL('./fixtures/halves.heic', import.meta.url))

/** A real HEIC of 8000×7000 pixels (56 megapixels, over the limit of 50) in 13.6 kB: a decompression bomb. */
export const HEIC_TOO_MANY_PIXELS = readFileSync(new URL('./fixtures/too-many-pixels.heic', import.meta.url))
