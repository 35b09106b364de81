import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client'
import { seedIfEmpty } from '../../db/seed/seed'
import { registerErrorHandling } from '../../plugins/errors'
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app'
import { createSitemapRepository } from './sitemap.repository'
import { sitemapRoutes } from './sitemap.routes'

const ORIGIN = 'https://larder.example'

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
const lastmods = (xml: string) => [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => match[1])

describe('sitemaps, cut into parts of at most the given size', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const get = (url: string) => app.inject({ method: 'GET', url })

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    await seedIfEmpty(database.db)
    app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    registerErrorHandling(app)
    // 100 addresses a sitemap instead of 50 000, so that the 360 demo products need four.
    await app.register(sitemapRoutes, {
      sitemaps: createSitemapRepository(database.db, 30),
      publicUrl: ORIGIN,
      urlsPerSitemap: 100,
    })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('indexes every sitemap, with products in parts of 100', async () => {
    const res = await get('/sitemap.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    )
    expect(locs(res.body)).toEqual([
      `${ORIGIN}/sitemaps/pages-1.xml`,
      `${ORIGIN}/sitemaps/categories-1.xml`,
      `${ORIGIN}/sitemaps/shops-1.xml`,
      ...[1, 2, 3, 4].map((n) => `${ORIGIN}/sitemaps/products-${n}.xml`),
    ])
    for (const date of lastmods(res.body)) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('lists every product once across its parts, each dated, none part longer than 100', async () => {
    const seen: string[] = []
    for (const n of [1, 2, 3, 4]) {
      const res = await get(`/sitemaps/products-${n}.xml`)
      expect(res.statusCode).toBe(200)
      expect(res.body).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/)
      const urls = locs(res.body)
      expect(urls.length).toBeLessThanOrEqual(100)
      expect(lastmods(res.body)).toHaveLength(urls.length)
      seen.push(...urls)
    }
    expect(seen).toHaveLength(360)
    expect(new Set(seen).size).toBe(360)
    for (const url of seen) expect(url).toMatch(new RegExp(`^${ORIGIN}/product-detail/\\d+$`))
    expect((await get('/sitemaps/products-5.xml')).statusCode).toBe(404)
  })

  it('reads products in batches, never the whole part at once', async () => {
    const batches: number[] = []
    for await (const batch of createSitemapRepository(database.db, 30).products(0, 100))
      batches.push(batch.length)
    expect(batches).toEqual([30, 30, 30, 10])
  })

  it('lists the pages, categories (escaped) and shops', async () => {
    const pages = locs((await get('/sitemaps/pages-1.xml')).body)
    expect(pages).toContain(`${ORIGIN}/`)
    expect(pages).toContain(`${ORIGIN}/shops`)
    expect(pages).toContain(`${ORIGIN}/terms-and-conditions`)
    const categories = (await get('/sitemaps/categories-1.xml')).body
    expect(locs(categories)).toContain(`${ORIGIN}/products/Fresh/Vegetables%20%26%20Fruits/Vegetables`)
    const shops = locs((await get('/sitemaps/shops-1.xml')).body)
    expect(shops.length).toBe(15)
    for (const url of shops) expect(url).toMatch(new RegExp(`^${ORIGIN}/products/user-\\d+$`))
  })

  it.each(['products-0.xml', 'pages-2.xml', 'other-1.xml', 'products-1.json'])(
    'answers 404 for %s',
    async (name) => {
      expect((await get(`/sitemaps/${name}`)).statusCode).toBe(404)
    },
  )
})

describe('robots.txt in the whole app', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_URL: ORIGIN } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('names the sitemap index by its absolute address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`)
    expect(res.body).toContain('Disallow: /api/\n')
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(locs(index.body)).toContain(`${ORIGIN}/sitemaps/products-1.xml`)
  })
})
