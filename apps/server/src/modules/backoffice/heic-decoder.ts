import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { Mutex } from 'async-mutex'

/** A HEIC photo's first image as 8-bit RGBA pixels, or why there are none. */
export type DecodedHeic =
  | { kind: 'pixels'; width: number; height: number; data: Uint8Array; opaque: boolean }
  | { kind: 'too-many-pixels' }
  | { kind: 'failed'; reason: string }

// heic-decode (libheif compiled to WebAssembly, with its HEVC decoder) is CommonJS and untyped; the
// worker loads it by the path resolved here, which holds in the test run and in the bundled server alike.
const decoderPath = createRequire(import.meta.url).resolve('heic-decode')

/**
 * The worker's code (CommonJS, run with `eval`, so that no separate file has to follow the server's
 * bundle). It reads the image's size from the file's header first, so a decompression bomb is refused
 * before anything is decoded, then decodes the first image (libheif applies the file's own rotation and
 * mirroring) and says whether every pixel is opaque, so that no alpha channel is stored for a photo.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const decode = require(workerData.decoderPath)
parentPort.once('message', async ({ bytes, maxPixels }) => {
  try {
    const images = await decode.all({ buffer: bytes })
    try {
      const image = images[0]
      if (!image) throw new Error('the file holds no image')
      if (image.width * image.height > maxPixels) return parentPort.postMessage({ kind: 'too-many-pixels' })
      const { width, height, data } = await image.decode()
      let opaque = true
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) { opaque = false; break }
      const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      parentPort.postMessage({ kind: 'pixels', width, height, data: pixels, opaque }, [pixels.buffer])
    } finally {
      images.dispose()
    }
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', reason: String((error && error.message) || error) })
  }
})
`

/**
 * One decode at a time in each process: a 12-megapixel photo takes one to two seconds of a core and about
 * 150 MB while it is decoded, and shops upload pictures seldom.
 */
const oneAtATime = new Mutex()

/**
 * Decodes a HEIC (HEIF with HEVC) file in a worker thread, off the event loop that serves the storefront:
 * libheif's WebAssembly decoder runs synchronously. Each decode has a worker of its own, ended once it has
 * answered, so the decoder's memory goes with it.
 */
export function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<DecodedHeic> {
  return oneAtATime.runExclusive(
    () =>
      new Promise<DecodedHeic>((resolve) => {
        const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { decoderPath } })
        worker.once('message', (answer: DecodedHeic) => {
          resolve(answer)
          void worker.terminate()
        })
        worker.once('error', (error) => resolve({ kind: 'failed', reason: error.message }))
        // Once it has answered, its exit changes nothing; before, it means the decoder died.
        worker.once('exit', (code) => resolve({ kind: 'failed', reason: `the decoder exited with ${code}` }))
        worker.postMessage({ bytes, maxPixels })
      }),
  )
}
