import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
  ])('answers 404 JSON for %s', async (_, url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toEqual({ message: expect.any(String) })
  })
})
