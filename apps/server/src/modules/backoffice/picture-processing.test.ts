import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { pictureMessages, UPLOAD_WIDTHS } from '@larder/shared'
import { HEIC_FIXTURE, HEIC_TOO_MANY_PIXELS } from '../../test/picture-fixtures'
import { processPicture, sniffPicture } from './picture-processing'

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(200, 7)])

describe('sniffPicture', () => {
  it('knows each accepted kind by its first bytes', async () => {
    const blank = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    expect(sniffPicture(await blank.clone().jpeg().toBuffer())).toBe('jpeg')
    expect(sniffPicture(await blank.clone().png().toBuffer())).toBe('png')
    expect(sniffPicture(await blank.clone().webp().toBuffer())).toBe('webp')
    expect(sniffPicture(ftyp('heic'))).toBe('heic')
    expect(sniffPicture(ftyp('mif1'))).toBe('heic')
  })

  it('knows nothing else, whatever its name would say', async () => {
    const blank = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    expect(sniffPicture(await blank.clone().gif().toBuffer())).toBeUndefined()
    expect(sniffPicture(ftyp('avif'))).toBeUndefined()
    expect(sniffPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(sniffPicture(Buffer.alloc(0))).toBeUndefined()
  })
})

/** The colour at (x, y) of a WebP, as [r, g, b]. */
async function colourAt(webp: Buffer, x: number, y: number) {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0]
}

const near = (actual: number[], expected: number[]) =>
  actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) < 40)

describe('processPicture', () => {
  it('decodes a HEIC photo and draws every width as WebP, the right way up and in its colours', async () => {
    const picture = await processPicture(HEIC_FIXTURE)
    expect([picture.width, picture.height]).toEqual([400, 300])
    expect(picture.variants.map((variant) => variant.width)).toEqual([...UPLOAD_WIDTHS])
    const [small] = picture.variants
    if (!small) throw new Error('no variant')
    const metadata = await sharp(small.bytes).metadata()
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 160, 120])
    // A photo keeps no alpha channel: every pixel of it is opaque.
    expect(metadata.hasAlpha).toBe(false)
    expect(near(await colourAt(small.bytes, 80, 10), [20, 200, 40])).toBe(true)
    expect(near(await colourAt(small.bytes, 30, 90), [220, 30, 30])).toBe(true)
    expect(near(await colourAt(small.bytes, 130, 90), [30, 40, 220])).toBe(true)
  })

  it("refuses a file with HEIC's first bytes that does not decode, as not a picture", async () => {
    await expect(processPicture(ftyp('heic'))).rejects.toMatchObject({
      statusCode: 400,
      message: pictureMessages.notAPicture,
    })
    const cut = HEIC_FIXTURE.subarray(0, HEIC_FIXTURE.length - 200)
    await expect(processPicture(cut)).rejects.toMatchObject({
      statusCode: 400,
      message: pictureMessages.notAPicture,
    })
  })

  it('refuses a HEIC of more than 50 megapixels from its header, before decoding it', async () => {
    await expect(processPicture(HEIC_TOO_MANY_PIXELS)).rejects.toMatchObject({
      statusCode: 400,
      message: pictureMessages.tooManyPixels,
    })
  })

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c00' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const picture = await processPicture(sideways)
    expect([picture.width, picture.height]).toEqual([200, 300])
  })
})
