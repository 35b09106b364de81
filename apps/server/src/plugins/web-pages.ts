/**
 * Server-side rendering of the web app's pages (docs/decisions/0008-server-rendered-pages.md).
 *
 * The web build has two halves: `client/` (what browsers download) and `server/entry-server.js` (the same
 * React pages bundled for Node, built by apps/web/build.mjs). The entry turns a URL into the page's
 * markup, its data and the `<head>` tags the page needs; this file loads it and gives it a `fetch` that
 * answers API calls inside this process, so a rendered page reads exactly what the browser would.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { PageRenderer, PageRendererOptions, RenderedPage } from '@larder/shared'

/** A same-process stand-in for `fetch`, for paths of this server only (`/api/...`). */
export type ApiFetch = (url: string, init?: RequestInit) => Promise<Response>

/** The contract of apps/web/src/entry-server.tsx. */
interface ServerEntry {
  createPageRenderer(options: PageRendererOptions<ApiFetch>): PageRenderer
}

export const HEAD_MARKER = '<!--app-head-->'
export const HTML_MARKER = '<!--app-html-->'

function isServerEntry(value: unknown): value is ServerEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'createPageRenderer' in value &&
    typeof value.createPageRenderer === 'function'
  )
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init?.headers).entries())
}

export function injectFetch(app: FastifyInstance): ApiFetch {
  return async (url, init) => {
    if (!url.startsWith('/')) throw new Error(`Server rendering only calls this server, not ${url}`)
    const body = init?.body
    if (body !== undefined && body !== null && typeof body !== 'string')
      throw new Error('Server rendering sends string bodies only')
    const response = await app.inject({
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url,
      headers: headersOf(init),
      ...(typeof body === 'string' ? { payload: body } : {}),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item))
    }
    const noBody = response.statusCode === 204 || response.statusCode === 304
    return new Response(noBody ? null : response.rawPayload, { status: response.statusCode, headers })
  }
}

/** Written by apps/web/inline-scripts-plugin.ts beside entry-server.js: `{ name: { code, hash } }`. */
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json'

interface InlineScript {
  code: string
  hash: string
}

function isInlineScript(value: unknown): value is InlineScript {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof value.code === 'string' &&
    'hash' in value &&
    typeof value.hash === 'string'
  )
}

/**
 * The CSP sources (`'sha256-…'`) of the scripts the web build's rendered pages carry inline, as its server
 * half recorded them when it compiled them: the policy allows exactly the code that build inlines, and no
 * hash is kept by hand. A hash that is not its code's stops the server at start-up rather than leave every
 * page with its scripts blocked. A build without a server half renders no page, so it needs none.
 */
export function inlineScriptSources(webDist: string): string[] {
  if (!fs.existsSync(path.join(webDist, 'server', 'entry-server.js'))) return []
  const file = path.join(webDist, 'server', INLINE_SCRIPTS_FILE)
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the web app again (npm run build)`)
  const scripts: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
  if (typeof scripts !== 'object' || scripts === null) throw new Error(`${file} is not an object`)
  return Object.entries(scripts).map(([name, script]: [string, unknown]) => {
    if (!isInlineScript(script)) throw new Error(`${file}: ${name} is not a script with its hash`)
    const hash = `sha256-${createHash('sha256').update(script.code).digest('base64')}`
    if (script.hash !== hash) throw new Error(`${file}: the hash of ${name} is not the hash of its code`)
    return `'${hash}'`
  })
}

/** The renderer of a web build with a server half, or undefined when the build has none. */
export async function loadPageRenderer(
  app: FastifyInstance,
  webDist: string,
  origin: string,
): Promise<PageRenderer | undefined> {
  const entryFile = path.join(webDist, 'server', 'entry-server.js')
  const manifestFile = path.join(webDist, 'client', '.vite', 'manifest.json')
  if (!fs.existsSync(entryFile) || !fs.existsSync(manifestFile)) return undefined
  const entry: unknown = await import(pathToFileURL(entryFile).href)
  if (!isServerEntry(entry)) throw new Error(`${entryFile} does not export createPageRenderer`)
  const manifest: unknown = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
  const clientDir = path.join(webDist, 'client')
  const readAsset = (file: string) => {
    const full = path.resolve(clientDir, file)
    if (!full.startsWith(clientDir + path.sep)) throw new Error(`${file} is outside the client build`)
    return fs.readFileSync(full, 'utf8')
  }
  return entry.createPageRenderer({ manifest, fetch: injectFetch(app), readAsset, origin })
}

/** Vite's tag for a file in index.html: `<link … href>` or `<script … src></script>`, on its own line. */
function templateTag(file: string): RegExp {
  const url = `/${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`[ \\t]*(<link [^>]*href="${url}">|<script [^>]*src="${url}"></script>)\\n?`)
}

/** index.html's site-wide description, for pages that carry none of their own (rendered in the browser). */
const TEMPLATE_DESCRIPTION = /[ \t]*<meta\s+name="description"\s+content="[^"]*"\s*\/?>\n?/

export function fillTemplate(template: string, page: RenderedPage): string {
  let html = template
  for (const file of page.replacedAssets ?? []) html = html.replace(templateTag(file), '')
  // A page's own description replaces the site's: a page has one description.
  if (page.head.includes('<meta name="description"')) html = html.replace(TEMPLATE_DESCRIPTION, '')
  // Functions as replacements, so that `$&` or `$1` in a product name is not read as a pattern.
  return html.replace(HEAD_MARKER, () => page.head).replace(HTML_MARKER, () => page.html)
}

const ENTRY_SCRIPT = /[ \t]*<script type="module"[^>]*><\/script>\n?/

/**
 * A page of the template's look with a message and links home, for a request the app cannot render: an
 * address that is not a valid URL (`/products/%ZZ`). It carries no script: the app would only trip over the
 * same address again.
 */
export function messagePage(template: string, { title, text }: { title: string; text: string }): string {
  const escape = (value: string) =>
    value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)
  const html = `<main style="max-width:40rem;margin:4rem auto;padding:0 1rem;font-family:system-ui,sans-serif">
<h1>${escape(title)}</h1>
<p>${escape(text)}</p>
<p><a href="/">Go to the home page</a> · <a href="/products">Browse the Larder mall</a></p>
</main>`
  return template
    .replace(ENTRY_SCRIPT, '')
    .replace(
      HEAD_MARKER,
      () => `<title>${escape(title)} | Larder</title>\n    <meta name="robots" content="noindex">`,
    )
    .replace(HTML_MARKER, () => html)
}
