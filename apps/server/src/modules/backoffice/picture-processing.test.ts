import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { pictureMessages } from '@larder/shared'
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

describe('processPicture', () => {
  it('refuses a HEIC photo it cannot decode with a message saying what to do instead', async () => {
    await expect(processPicture(ftyp('heic'))).rejects.toMatchObject({
      statusCode: 400,
      message: pictureMessages.heicUnsupported,
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
