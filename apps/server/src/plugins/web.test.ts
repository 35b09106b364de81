import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { announceCatalogChange } from '../lib/catalog-changes'
import { createTestApp, type TestApp } from '../test/test-app'
import { HEAD_MARKER, HTML_MARKER, INLINE_SCRIPTS_FILE, inlineScriptSources } from './web-pages'

// Over the 1 kB below which compression is not worth it, like every real page.
const NOSCRIPT = 'Larder needs JavaScript for the cart and checkout. '.repeat(25)
const ENTRY_TAGS = [
  '<script type="module" crossorigin src="/assets/main-abc.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/main-abc.css">',
].join('\n    ')
const TEMPLATE = `<!doctype html><html><head>\n    ${ENTRY_TAGS}\n    ${HEAD_MARKER}</head><body><div id="root">${HTML_MARKER}</div><noscript>${NOSCRIPT}</noscript></body></html>`

const SCRIPT = 'console.log("Larder")\n'.repeat(200)

/**
 * A web build in the layout apps/web/build.mjs writes, whose server entry follows the contract of
 * apps/web/src/entry-server.tsx: it reads the first product through the fetch it is given, and puts the
 * entry's stylesheet inline through readAsset. Each page says how many pages it has rendered, so a test
 * can tell a page kept by the server from one rendered again; /flaky fails the first time only.
 */
const ENTRY = `
let renders = 0
const failedOnce = new Set()

export function createPageRenderer({ manifest, fetch, readAsset }) {
  const css = manifest['src/main.tsx'].css[0]
  const style = '<style>' + readAsset(css) + '</style>'

  return {
    async render(url) {
      renders += 1
      if (url.startsWith('/explode')) throw new Error('render failed')
      if (url.startsWith('/flaky') && !failedOnce.has(url)) {
        failedOnce.add(url)
        throw new Error('render failed once')
      }
      if (url.startsWith('/missing')) return { status: 404, head: '<title>Not found</title>', html: '<h1>Not found</h1>' }
      const response = await fetch('/api/public/products?page=0&size=1', { headers: { accept: 'application/json' } })
      const [product] = await response.json()
      return {
        status: 200,
        head: '<title>' + manifest['src/main.tsx'].file + '</title>' + style + '<meta name="renders" content="' + renders + '">',
        replacedAssets: [css, manifest['src/main.tsx'].file],
        html: '<h1>' + product.productName + ' $& ' + response.headers.get('x-total-count') + '</h1>',
      }
    },
  }
}
`

/** The CSP source of a script, as a browser computes it from the script element's text. */
const sourceOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`

/** Inline scripts in the shape apps/web's server build records them, `{ name: { code, hash } }`. */
const INLINE_SCRIPTS = {
  'card-height': 'window.cardHeight=1',
  'early-clicks': 'window.earlyClicks=1',
}
const inlineScriptsFile = (scripts: Record<string, string>) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(scripts).map(([name, code]) => [name, { code, hash: sourceOf(code).slice(1, -1) }]),
    ),
  )

/** The count of pages the server had rendered when it rendered this one. */
function renderCount(html: string): number {
  const count = /<meta name="renders" content="(\d+)">/.exec(html)?.[1]
  if (count === undefined) throw new Error('not a rendered page')
  return Number(count)
}

/** A shopper who has been here before: the XSRF cookie is already set, so no reply sets one. */
const RETURNING = { cookie: 'XSRF-TOKEN=returning' }

function writeBuild(withServerHalf: boolean): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-web-test-'))
  fs.mkdirSync(path.join(dist, 'client', '.vite'), { recursive: true })
  fs.mkdirSync(path.join(dist, 'client', 'assets'))
  fs.writeFileSync(path.join(dist, 'client', 'index.html'), TEMPLATE)
  fs.writeFileSync(path.join(dist, 'client', 'assets', 'main-abc.js'), SCRIPT)
  // As apps/web/build.mjs leaves them: compressed copies beside the file (marked, to tell them from
  // compression on the fly).
  fs.writeFileSync(
    path.join(dist, 'client', 'assets', 'main-abc.js.br'),
    zlib.brotliCompressSync(`${SCRIPT}//br`),
  )
  fs.writeFileSync(path.join(dist, 'client', 'assets', 'main-abc.js.gz'), zlib.gzipSync(`${SCRIPT}//gz`))
  fs.writeFileSync(path.join(dist, 'client', 'assets', 'main-abc.css'), 'h1{color:green}')
  const manifest = {
    'src/main.tsx': { file: 'assets/main-abc.js', isEntry: true, css: ['assets/main-abc.css'] },
  }
  fs.writeFileSync(path.join(dist, 'client', '.vite', 'manifest.json'), JSON.stringify(manifest))
  if (withServerHalf) {
    fs.mkdirSync(path.join(dist, 'server'))
    fs.writeFileSync(path.join(dist, 'server', 'entry-server.js'), ENTRY)
    fs.writeFileSync(path.join(dist, 'server', INLINE_SCRIPTS_FILE), inlineScriptsFile(INLINE_SCRIPTS))
  }
  return dist
}

describe('web build with a server half', () => {
  let t: TestApp
  let dist: string
  let firstProductName: string
  beforeAll(async () => {
    dist = writeBuild(true)
    t = await createTestApp('pglite', { env: { WEB_DIST: dist } })
    const products = (await t.app.inject('/api/public/products?page=0&size=1')).json<
      { productName: string }[]
    >()
    const [first] = products
    if (!first) throw new Error('the demo catalogue has no products')
    firstProductName = first.productName
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  it('renders a page with data read through the API, inside this process', async () => {
    const res = await t.app.inject('/products?page=1')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache')
    // The entry's rules inline and no entry script (the head loads it after the first paint) instead of
    // the template's tags: nothing to fetch before the first paint.
    expect(res.body).toMatch(
      /<head>\n {4}<title>assets\/main-abc\.js<\/title><style>h1\{color:green\}<\/style><meta name="renders" content="\d+"><\/head>/,
    )
    // The total count header reached the renderer; "$&" shows the markup was not read as a pattern.
    expect(res.body).toMatch(new RegExp(`<div id="root"><h1>${firstProductName} \\$& \\d+</h1></div>`))
    expect(res.body).not.toContain(HEAD_MARKER)
  })

  it('keeps a rendered page, for every visitor, and answers a revalidation with 304', async () => {
    const first = await t.app.inject({ url: '/shops?search=kept', headers: RETURNING })
    await t.app.responseCache.idle()
    const second = await t.app.inject({ url: '/shops?search=kept', headers: RETURNING })
    expect(second.statusCode).toBe(200)
    expect(second.body).toBe(first.body)
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8')
    // Browsers still ask every time: a page names the build's scripts, which a deploy replaces.
    expect(second.headers['cache-control']).toBe('no-cache')
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    // A first visit gets the kept page too, and its own XSRF cookie.
    const newcomer = await t.app.inject('/shops?search=kept')
    expect(newcomer.body).toBe(first.body)
    expect(String(newcomer.headers['set-cookie'])).toContain('XSRF-TOKEN=')
    const revalidated = await t.app.inject({
      url: '/shops?search=kept',
      headers: { ...RETURNING, 'if-none-match': String(first.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.body).toBe('')
    // Another URL is another page.
    const other = await t.app.inject({ url: '/shops?search=other', headers: RETURNING })
    expect(renderCount(other.body)).toBeGreaterThan(renderCount(first.body))
  })

  it('renders and keeps a page by the query parameters pages read, whatever else the address carries', async () => {
    const first = await t.app.inject({ url: '/shops?search=unknown-params', headers: RETURNING })
    await t.app.responseCache.idle()
    for (const url of ['/shops?search=unknown-params&x=1', '/shops?utm_source=a&search=unknown-params&x=2'])
      expect((await t.app.inject({ url, headers: RETURNING })).body, url).toBe(first.body)
  })

  it('drops a kept page when a product it shows changes, and keeps it through changes to others', async () => {
    const [shown] = (await t.app.inject('/api/public/products?page=0&size=1')).json<{ id: number }[]>()
    if (!shown) throw new Error('no product')
    const first = await t.app.inject({ url: '/shops?search=tagged', headers: RETURNING })
    await t.app.responseCache.idle()
    await announceCatalogChange(t.database.db, { products: [shown.id + 100_000] })
    const kept = await t.app.inject({ url: '/shops?search=tagged', headers: RETURNING })
    expect(renderCount(kept.body)).toBe(renderCount(first.body))
    // PGlite hears the notice when the announcing statement commits, as PostgreSQL's listeners do.
    await announceCatalogChange(t.database.db, { products: [shown.id] })
    const again = await t.app.inject({ url: '/shops?search=tagged', headers: RETURNING })
    expect(renderCount(again.body)).toBeGreaterThan(renderCount(first.body))
  })

  it('keeps no page whose rendering failed', async () => {
    const failed = await t.app.inject({ url: '/flaky', headers: RETURNING })
    expect(failed.body).toBe(TEMPLATE)
    expect(failed.headers['cache-control']).toBe('no-store')
    await t.app.responseCache.idle()
    const retried = await t.app.inject({ url: '/flaky', headers: RETURNING })
    expect(retried.body).toContain('<div id="root"><h1>')
  })

  it("keeps a first visit's page without its XSRF cookie: the next new visitor gets it from memory with their own", async () => {
    const newcomer = await t.app.inject('/shops?search=first-visit')
    const cookie = String(newcomer.headers['set-cookie'])
    expect(cookie).toContain('XSRF-TOKEN=')
    await t.app.responseCache.idle()
    const next = await t.app.inject('/shops?search=first-visit')
    expect(next.body).toBe(newcomer.body)
    const nextCookie = String(next.headers['set-cookie'])
    expect(nextCookie).toContain('XSRF-TOKEN=')
    expect(nextCookie).not.toBe(cookie)
    const returning = await t.app.inject({ url: '/shops?search=first-visit', headers: RETURNING })
    expect(returning.body).toBe(newcomer.body)
    expect(returning.headers['set-cookie']).toBeUndefined()
  })

  it("allows the build's inline scripts by their hashes, and no other", async () => {
    const res = await t.app.inject('/products')
    const csp = String(res.headers['content-security-policy'])
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))
    for (const code of Object.values(INLINE_SCRIPTS)) expect(scriptSrc).toContain(sourceOf(code))
    expect(scriptSrc?.match(/'sha256-/g)).toHaveLength(Object.keys(INLINE_SCRIPTS).length)
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('compresses the page for a browser that accepts it', async () => {
    // The same page each time: rendered once, then kept.
    const plain = await t.app.inject({ url: '/products', headers: RETURNING })
    await t.app.responseCache.idle()
    const res = await t.app.inject({
      url: '/products',
      headers: { ...RETURNING, 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.headers['content-encoding']).toBe('br')
    // Header values name headers case-insensitively (RFC 9110 §5.1); @fastify/compress writes lower case.
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding')
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body)
    const gzipped = await t.app.inject({
      url: '/products',
      headers: { ...RETURNING, 'accept-encoding': 'gzip' },
    })
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body)
  })

  it("passes on the page's status", async () => {
    const res = await t.app.inject('/missing/thing')
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('<h1>Not found</h1>')
  })

  it('sends the plain shell, for the browser to render, when rendering fails', async () => {
    const res = await t.app.inject('/explode')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(TEMPLATE)
  })

  it('sends the compressed copies of scripts the build wrote', async () => {
    const br = await t.app.inject({ url: '/assets/main-abc.js', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toContain('javascript')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(`${SCRIPT}//br`)
    const gzip = await t.app.inject({ url: '/assets/main-abc.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(`${SCRIPT}//gz`)
    // Page-only headers stay off files; what matters for a script stays on.
    expect(br.headers['content-security-policy']).toBeUndefined()
    expect(br.headers['x-frame-options']).toBeUndefined()
    expect(br.headers['x-content-type-options']).toBe('nosniff')
    expect(br.headers['cross-origin-resource-policy']).toBe('same-origin')
    const plain = await t.app.inject('/assets/main-abc.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
  })

  it('keeps API misses and files out of it', async () => {
    const api = await t.app.inject('/api/nothing-here')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ message: 'No route for GET /api/nothing-here' })
    const asset = await t.app.inject('/assets/main-abc.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await t.app.inject('/assets/gone.js')).statusCode).toBe(404)
    // The manifest is for the server: dot folders are not served (the path is just another page).
    const manifest = await t.app.inject('/.vite/manifest.json')
    expect(manifest.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(manifest.body).not.toContain('isEntry')
  })
})

describe('web build without a server half', () => {
  it('sends the shell for every page', async () => {
    const dist = writeBuild(false)
    const t = await createTestApp('pglite', { seed: false, env: { WEB_DIST: dist } })
    try {
      const res = await t.app.inject('/products')
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(TEMPLATE)
    } finally {
      await t.close()
      fs.rmSync(dist, { recursive: true, force: true })
    }
  })
})

describe('inlineScriptSources', () => {
  const withScripts = (file: string | undefined, body: (dist: string) => void) => {
    const dist = writeBuild(true)
    try {
      if (file === undefined) fs.rmSync(path.join(dist, 'server', INLINE_SCRIPTS_FILE))
      else fs.writeFileSync(path.join(dist, 'server', INLINE_SCRIPTS_FILE), file)
      body(dist)
    } finally {
      fs.rmSync(dist, { recursive: true, force: true })
    }
  }

  it("gives the CSP sources of the build's scripts", () => {
    withScripts(inlineScriptsFile(INLINE_SCRIPTS), (dist) =>
      expect(inlineScriptSources(dist)).toEqual(Object.values(INLINE_SCRIPTS).map(sourceOf)),
    )
  })

  it('refuses a script whose hash is not that of its code, or a build without the file', () => {
    // As if the code had been changed after the build took its hash: every page would have it blocked.
    const changed = JSON.parse(inlineScriptsFile(INLINE_SCRIPTS)) as Record<string, { code: string }>
    for (const script of Object.values(changed)) script.code += ';'
    withScripts(JSON.stringify(changed), (dist) =>
      expect(() => inlineScriptSources(dist)).toThrow(/hash of card-height is not the hash of its code/),
    )
    withScripts(JSON.stringify({ 'card-height': { code: 'x' } }), (dist) =>
      expect(() => inlineScriptSources(dist)).toThrow(/card-height is not a script/),
    )
    withScripts(undefined, (dist) => expect(() => inlineScriptSources(dist)).toThrow(/is missing/))
  })

  it('needs none for a build without a server half, or without a build', () => {
    const dist = writeBuild(false)
    try {
      expect(inlineScriptSources(dist)).toEqual([])
    } finally {
      fs.rmSync(dist, { recursive: true, force: true })
    }
    expect(inlineScriptSources('/nonexistent')).toEqual([])
  })
})
