import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { POLICY_LAST_UPDATED } from '@larder/shared'
import { HttpError } from '../../plugins/errors'
import type { SitemapEntry, SitemapRepository } from './sitemap.repository'

/** The sitemaps protocol's limit of addresses in one sitemap (sitemaps.org/protocol.html). */
export const MAX_SITEMAP_URLS = 50_000

const XML = 'application/xml; charset=utf-8'
// Crawlers read these daily at most; a new product appears in them within the hour.
const CACHE = 'public, max-age=3600'

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )

/** W3C datetime, as the protocol asks: the day is enough and says nothing of the hour of the seed. */
const day = (date: Date) => date.toISOString().slice(0, 10)

function urlTag(origin: string, { path, lastmod }: SitemapEntry): string {
  return `<url><loc>${xmlEscape(origin + path)}</loc><lastmod>${day(lastmod)}</lastmod></url>\n`
}

async function* urlSet(origin: string, batches: AsyncIterable<SitemapEntry[]>): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  for await (const batch of batches) yield batch.map((entry) => urlTag(origin, entry)).join('')
  yield '</urlset>\n'
}

async function* once<T>(value: T): AsyncGenerator<T> {
  yield value
}

export interface SitemapRoutesOptions {
  sitemaps: SitemapRepository
  /** The address shoppers use, no trailing slash: sitemaps name pages by absolute URL. */
  publicUrl: string
  /** Addresses in one sitemap: the protocol's 50 000, fewer in tests. */
  urlsPerSitemap?: number
}

const SitemapParamsSchema = z.object({ name: z.string() })

/**
 * `robots.txt`, and `sitemap.xml`: an index of sitemaps (pages, categories, shops, then products in
 * sitemaps of at most 50 000 addresses), each streamed as it is read from the database, so that neither a
 * million products nor their XML is ever held in memory whole.
 */
export const sitemapRoutes: FastifyPluginAsyncZod<SitemapRoutesOptions> = async (app, options) => {
  const { sitemaps, publicUrl: origin } = options
  const perSitemap = Math.min(options.urlsPerSitemap ?? MAX_SITEMAP_URLS, MAX_SITEMAP_URLS)

  /** The store's own pages beyond the catalogue, dated by the catalogue's or the policies' last change. */
  async function pages(): Promise<SitemapEntry[]> {
    const catalogue = (await sitemaps.newestProduct()) ?? new Date(POLICY_LAST_UPDATED.iso)
    const policies = new Date(POLICY_LAST_UPDATED.iso)
    return [
      { path: '/', lastmod: catalogue },
      { path: '/products', lastmod: catalogue },
      { path: '/shops', lastmod: catalogue },
      { path: '/freebymall', lastmod: catalogue },
      { path: '/aboutus', lastmod: policies },
      { path: '/contactus', lastmod: policies },
      { path: '/refund-policy', lastmod: policies },
      { path: '/privacy-policy', lastmod: policies },
      { path: '/terms-and-conditions', lastmod: policies },
    ]
  }

  /** Each sitemap's name and how its addresses are read: fixed lists are cut into parts as products are. */
  async function sitemapNames(): Promise<string[]> {
    const parts = (total: number) => Math.max(1, Math.ceil(total / perSitemap))
    const [categories, shops, products] = await Promise.all([
      sitemaps.categories(),
      sitemaps.shops(),
      sitemaps.countProducts(),
    ])
    const names = ['pages-1']
    for (let i = 1; i <= parts(categories.length); i++) names.push(`categories-${i}`)
    for (let i = 1; i <= parts(shops.length); i++) names.push(`shops-${i}`)
    for (let i = 1; products > 0 && i <= parts(products); i++) names.push(`products-${i}`)
    return names
  }

  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', CACHE)
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /cart-page',
      'Disallow: /account',
      'Disallow: /order-confirmation/',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n')
  })

  app.get('/sitemap.xml', async (_request, reply) => {
    const names = await sitemapNames()
    const newest = (await sitemaps.newestProduct()) ?? new Date(POLICY_LAST_UPDATED.iso)
    const entries = names
      .map(
        (name) =>
          `<sitemap><loc>${xmlEscape(`${origin}/sitemaps/${name}.xml`)}</loc><lastmod>${day(newest)}</lastmod></sitemap>\n`,
      )
      .join('')
    reply.type(XML).header('Cache-Control', CACHE)
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`
  })

  app.get('/sitemaps/:name', { schema: { params: SitemapParamsSchema } }, async (request, reply) => {
    const match = /^(pages|categories|shops|products)-([1-9]\d{0,6})\.xml$/.exec(request.params.name)
    if (!match) throw new HttpError(404, `No sitemap ${request.params.name}`)
    const [, kind, number] = match
    const part = Number(number) - 1
    const from = part * perSitemap
    let batches: AsyncIterable<SitemapEntry[]>
    if (kind === 'products') {
      if (from >= (await sitemaps.countProducts()))
        throw new HttpError(404, `No sitemap ${request.params.name}`)
      batches = sitemaps.products(from, perSitemap)
    } else {
      const all =
        kind === 'pages'
          ? await pages()
          : kind === 'categories'
            ? await sitemaps.categories()
            : await sitemaps.shops()
      const slice = all.slice(from, from + perSitemap)
      if (part > 0 && slice.length === 0) throw new HttpError(404, `No sitemap ${request.params.name}`)
      batches = once(slice)
    }
    return reply
      .type(XML)
      .header('Cache-Control', CACHE)
      .send(Readable.from(urlSet(origin, batches)))
  })
}
