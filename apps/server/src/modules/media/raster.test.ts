import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { rasterPicture } from './raster'

const TILE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#f4e2c6"/></svg>'

describe('rasterPicture', () => {
  it('makes and draws a picture once, and serves it from memory after that', async () => {
    const svg = vi.fn(async () => TILE)
    const first = await rasterPicture('test/once/f4e2c6', 96, svg)
    const again = await rasterPicture('test/once/f4e2c6', 96, svg)
    expect(svg).toHaveBeenCalledTimes(1)
    expect(again).toBe(first)
    expect(await sharp(first).metadata()).toMatchObject({ format: 'webp', width: 96 })
  })

  it('keeps no failure: the next request tries again', async () => {
    const svg = vi.fn().mockRejectedValueOnce(new Error('no such icon')).mockResolvedValue(TILE)
    await expect(rasterPicture('test/retry/f4e2c6', 96, svg)).rejects.toThrow('no such icon')
    await expect(rasterPicture('test/retry/f4e2c6', 96, svg)).resolves.toBeInstanceOf(Buffer)
    expect(svg).toHaveBeenCalledTimes(2)
  })
})
