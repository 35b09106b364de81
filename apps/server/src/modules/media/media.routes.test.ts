import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RASTER_WIDTHS, socialImagePath } from '@larder/shared'
import { createTestApp, type TestApp } from '../../test/test-app'
import { foodImageUrl, shopImageUrl } from './media-urls'

describe('pictures', () => {
  let t: TestApp
  beforeAll(async () => {
    // Pictures don't touch the database, so one embedded run is enough.
    t = await createTestApp('pglite', { seed: false })
  })
  afterAll(async () => {
    await t?.close()
  })

  const get = (url: string) => t.app.inject({ method: 'GET', url })

  it('draws a food tile as a cacheable SVG', async () => {
    const res = await get(foodImageUrl('cheese-wedge', 'fff0b3'))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(res.body).toContain('fill="#fff0b3"')
    expect(res.body.match(/<svg/g)).toHaveLength(2)
    expect(res.body.trimEnd()).toMatch(/<\/svg>$/)
  })

  it('draws a shop front and accepts upper-case colours', async () => {
    const res = await get(shopImageUrl('bread', 'F4E2C6'))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(res.body).toContain('viewBox="0 0 800 500"')
    expect(res.body).toContain('fill="#f4e2c6"')
  })

  it.each([
    ['an unknown icon', foodImageUrl('not-a-real-icon', 'ffffff')],
    ['an inherited property name', foodImageUrl('constructor', 'ffffff')],
    ['a colour that is not six hex digits', foodImageUrl('bread', 'fff')],
    ['a colour name', foodImageUrl('bread', 'orange')],
    ['an unknown shape', '/media/drink/bread/ffffff.svg'],
    ['a colour no page uses', foodImageUrl('cheese-wedge', '123456')],
  ])('answers 404 JSON for %s', async (_, url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toEqual({ message: expect.any(String) })
  })

  const webpUrl = (svgUrl: string, width: number) => `${svgUrl.replace(/\.svg$/, '.webp')}?w=${width}`

  it.each(RASTER_WIDTHS)('draws a food tile as WebP %i pixels wide, cacheable', async (width) => {
    const res = await get(webpUrl(foodImageUrl('cheese-wedge', 'fff0b3'), width))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const picture = await sharp(res.rawPayload).metadata()
    expect(picture).toMatchObject({ format: 'webp', width, height: width })
    // The tile's own colour is in the corner of the picture.
    const { data } = await sharp(res.rawPayload)
      .extract({ left: Math.round(width / 2), top: 2, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([...data.subarray(0, 3)].map((channel) => Math.round(channel / 8))).toEqual(
      [0xff, 0xf0, 0xb3].map((channel) => Math.round(channel / 8)),
    )
  })

  it('draws every picture the web app names', async () => {
    const web = fileURLToPath(new URL('../../../../web/src', import.meta.url))
    const urls = new Set<string>()
    for (const file of readdirSync(web, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue
      for (const [url] of readFileSync(path.join(web, file), 'utf8').matchAll(
        /\/media\/(food|shop)\/[a-z0-9-]+\/[0-9a-f]{6}\.svg/gi,
      ))
        urls.add(url)
    }
    for (const [icon, tile] of [
      ['basket', 'f0f8f2'],
      ['leafy-green', 'd9f2d0'],
    ])
      urls.add(foodImageUrl(icon ?? '', tile ?? ''))
    expect(urls.size).toBeGreaterThan(4)
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200)
  })

  it('draws a shop front as WebP in its own proportions, and the same picture twice alike', async () => {
    const url = webpUrl(shopImageUrl('bread', 'F4E2C6'), 320)
    const first = await get(url)
    const again = await get(url)
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ width: 320, height: 200 })
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it.each([
    ['no width', foodImageUrl('bread', 'f4e2c6').replace(/\.svg$/, '.webp')],
    ['a width not offered', webpUrl(foodImageUrl('bread', 'f4e2c6'), 1000)],
    ['a width that is not a number', `${foodImageUrl('bread', 'f4e2c6').replace(/\.svg$/, '.webp')}?w=big`],
    ['an unknown icon', webpUrl(foodImageUrl('not-a-real-icon', 'ffffff'), 160)],
    ['a colour name', webpUrl(foodImageUrl('bread', 'orange'), 160)],
    ['a colour no page uses', webpUrl(foodImageUrl('cheese-wedge', '123456'), 160)],
  ])('answers 404 JSON for a WebP with %s', async (_, url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: expect.any(String) })
  })

  it.each([
    ['a food tile', foodImageUrl('cheese-wedge', 'fff0b3')],
    ['a shop front', shopImageUrl('bread', 'F4E2C6')],
  ])('makes a 1200×630 PNG link preview of %s, on a paler shade of its colour', async (_, svgUrl) => {
    const url = socialImagePath(svgUrl)
    expect(url).toBeDefined()
    const res = await get(url ?? '')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 })
    const { data } = await sharp(res.rawPayload)
      .extract({ left: 2, top: 2, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const tile = /\/([0-9a-f]{6})\.svg$/i.exec(svgUrl)?.[1] ?? ''
    const paler = [0, 2, 4].map((at) => (parseInt(tile.slice(at, at + 2), 16) + 255) / 2)
    expect([...data].map((channel) => Math.round(channel / 8))).toEqual(paler.map((c) => Math.round(c / 8)))
  })

  it('answers 404 for a link preview of an unknown icon', async () => {
    const res = await get(foodImageUrl('not-a-real-icon', 'ffffff').replace(/\.svg$/, '.png'))
    expect(res.statusCode).toBe(404)
  })
})
