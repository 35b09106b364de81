import { describe, expect, it } from 'vitest'
import { RASTER_WIDTHS, rasterSrcSet } from './pictures'

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
