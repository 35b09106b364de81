import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ApiError, RenderedPage } from '@larder/shared'
import { htmlErrorPages } from './errors'
import { collectCacheTags } from './response-cache'
import { fillTemplate, loadPageRenderer, messagePage } from './web-pages'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Helmet's headers that only mean something on a page (a document), dropped from our build's hashed
 * scripts and stylesheets: there they were 1.1 kB of headers on every file, more than many files
 * themselves, and a page loads about twenty. nosniff, CORP and HSTS stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]

/** Paths under these prefixes are API calls or files: a miss there is a 404, never the app's page. */
const NOT_PAGES = ['/api/', '/assets/', '/media/']

/**
 * Sends one visitor's page: rendered with what the server knows of their request (`data`, a form's
 * tokens or verdict), never kept by the response cache nor by any other cache. If the render fails the
 * visitor gets `fallback` on a page of the site's look, with the status they would have had.
 */
export type PageSender = (
  reply: FastifyReply,
  url: string,
  options: { status?: number; data: Record<string, unknown>; fallback: { title: string; text: string } },
) => Promise<FastifyReply>

/**
 * Serves the web build (`client/` of apps/web/dist): hashed files under /assets are cached for a year,
 * everything else is revalidated, and any other GET that is not an API call is a page of the app, rendered
 * here when the build has a server half (plugins/web-pages.ts) and otherwise left to the browser.
 * Without a build (API tests) every unknown path is a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  { webDist, publicUrl }: { webDist: string; publicUrl: string },
): Promise<PageSender | undefined> {
  const clientDir = path.join(webDist, 'client')
  const templateFile = path.join(clientDir, 'index.html')
  let sendPage: PageSender | undefined
  if (fs.existsSync(templateFile)) {
    const template = fs.readFileSync(templateFile, 'utf8')
    // The home page has one address: `/index.html` is where some tools and old links look for it.
    app.get('/index.html', (_request, reply) => reply.redirect('/', 301))
    await serveFiles(app, clientDir)
    sendPage = await servePages(app, webDist, template, publicUrl)
    htmlErrorPages.set(app, (title, text) => messagePage(template, { title, text }))
  } else {
    app.log.warn(`No web build at ${clientDir}: only the API is served. Run npm run build.`)
  }

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` } satisfies ApiError),
  )
  return sendPage
}

async function serveFiles(app: FastifyInstance, clientDir: string) {
  // In a context of their own, so that the hook below runs for these files only, not for every API call.
  await app.register(async (files) => {
    files.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/'))
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name)
      return payload
    })
    await files.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The template is the server's to fill: `/index.html` is the home page's other name (above).
      globIgnore: ['index.html'],
      // apps/web/build.mjs writes .br and .gz beside each script and stylesheet, compressed harder than
      // @fastify/compress does on the fly.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(clientDir, 'assets') + path.sep)
        reply.header('Cache-Control', immutable ? IMMUTABLE : 'no-cache')
      },
    })
  })
}

/** The query parameters any page reads (search, listing filters and paging, a reset link's key). */
export const PAGE_QUERY = ['search', 'filter', 'page', 'town', 'shop', 'key'] as const

/** A page's URL without the query parameters no page reads, the others in a fixed order. */
export function pageUrl(url: string): string {
  const [path = '/', search = ''] = url.split('?', 2)
  const given = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const name of PAGE_QUERY) for (const value of given.getAll(name)) kept.append(name, value)
  const query = kept.toString()
  return query ? `${path}?${query}` : path
}

async function servePages(
  app: FastifyInstance,
  webDist: string,
  template: string,
  origin: string,
): Promise<PageSender | undefined> {
  const renderer = await loadPageRenderer(app, webDist, origin.replace(/\/+$/, ''))
  // A route rather than the not-found handler, so that pages get what every route gets (compression).
  // The files (serveFiles) are routes of their own and win over this wildcard.
  // A page is the same for every visitor, so the server keeps each until what it shows changes
  // (response-cache.ts): it carries the tags of the API reads its render made. Browsers revalidate every
  // time (an ETag makes that a 304), as a page names the build's scripts, which a deploy replaces.
  // Pages are rendered from their path and the query parameters pages read (PAGE_QUERY) alone, which
  // is also what the cache keys them on: `?x=…` cannot make a page rendered and kept per made-up value.
  const config = { publicCache: true, cacheControl: 'no-cache', cacheQuery: PAGE_QUERY }
  app.get('/*', { config }, async (request, reply) => {
    if (NOT_PAGES.some((prefix) => request.url.startsWith(prefix))) return reply.callNotFound()
    let page: RenderedPage | undefined
    let failed = false
    try {
      if (renderer) {
        const rendered = await collectCacheTags(() => renderer.render(pageUrl(request.url)))
        page = rendered.value
        reply.cacheTags(rendered.tags)
      }
    } catch (error) {
      // The browser can still render the page from the plain shell: a shopper sees it a little later.
      request.log.error({ err: error, url: request.url }, 'server rendering failed')
      failed = true
    }
    // A shell sent because rendering failed is not kept (response-cache.ts): the next request tries again.
    return reply
      .status(page?.status ?? 200)
      .header('Cache-Control', failed ? 'no-store' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page ? fillTemplate(template, page) : template)
  })
  if (!renderer) return undefined
  return async (reply, url, { status, data, fallback }) => {
    let html: string
    let rendered = 200
    try {
      const page = await renderer.render(url, { data })
      html = fillTemplate(template, page)
      rendered = page.status
    } catch (error) {
      reply.log.error({ err: error, url }, 'server rendering failed')
      html = messagePage(template, fallback)
    }
    // One visitor's page (a form's tokens): no cache may keep it or give it to anyone else.
    return reply
      .status(status ?? rendered)
      .header('Cache-Control', 'private, no-store')
      .type('text/html; charset=utf-8')
      .send(html)
  }
}
