import { describe, expect, it } from 'vitest'
import {
  RASTER_WIDTHS,
  rasterSrcSet,
  uploadedPictureHash,
  uploadedPictureUrl,
  uploadSrcSet,
} from './pictures'

describe('rasterSrcSet', () => {
  it('offers a drawn picture as WebP at each width the media route draws', () => {
    expect(rasterSrcSet('/media/food/bread/f4e2c6.svg')).toBe(
      RASTER_WIDTHS.map((width) => `/media/food/bread/f4e2c6.webp?w=${width} ${width}w`).join(', '),
    )
    expect(rasterSrcSet('/media/shop/cheese-wedge/FFF0B3.svg')).toContain(
      '/media/shop/cheese-wedge/FFF0B3.webp?w=160 160w',
    )
  })

  it.each([
    ['a shop’s own upload', 'https://images.example.com/loaf.svg'],
    ['a picture the route does not draw', '/media/products/1.svg'],
    ['a colour that is not six hex digits', '/media/food/bread/fff.svg'],
    ['a raster already', '/media/food/bread/f4e2c6.png'],
    ['nothing', ''],
  ])('leaves %s as it is', (_, src) => {
    expect(rasterSrcSet(src)).toBeUndefined()
  })
})

describe('uploadSrcSet', () => {
  const hash = '0123456789abcdef0123456789abcdef'

  it('offers an uploaded picture at each of its stored widths', () => {
    expect(uploadSrcSet(uploadedPictureUrl(hash))).toBe(
      [160, 320, 640, 1280].map((width) => `/media/uploads/${hash}/${width}.webp ${width}w`).join(', '),
    )
    expect(uploadedPictureHash(`/media/uploads/${hash}/640.webp`)).toBe(hash)
  })

  it.each([
    ['a drawn picture', '/media/food/bread/f4e2c6.svg'],
    ['a short hash', '/media/uploads/0123/640.webp'],
    ['another host', `https://example.com/media/uploads/${hash}/640.webp`],
  ])('leaves %s alone', (_, src) => {
    expect(uploadSrcSet(src)).toBeUndefined()
  })
})
