/**
 * The server render loop (docs/decisions/0008-server-rendered-pages.md): a page is rendered with a
 * QueryClient of its own, the queries it asked for are fetched and it is rendered again until it asks for
 * nothing new; then its status, `<head>` tags and markup are handed to the server. The app gives its route
 * table and its root component (src/entry-server.tsx); apps/server/src/plugins/web-pages.ts loads the
 * result once and asks it for every page.
 */
import { Writable } from 'node:stream'
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query'
import {
  DEFAULT_SOCIAL_PICTURE,
  socialImagePath,
  type PageRenderer,
  type PageRendererOptions,
  type RenderedPage,
  type RenderOptions,
} from '@larder/shared'
import type { ComponentType, ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { ApiError, setApiTransport, type ApiTransport } from '../../lib/api-client'
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from '../page/document-title'
import { createPageMeta, type PageMetaCollector } from '../page/page-meta'
import { requestDataKey } from '../page/request-data'
import { SERVER_STATE_ID, serializeState } from '../page/server-state'
import type { PageRoute } from '../routing/page-route'
import { matchRoutes } from '../routing/router'
import {
  entryScripts,
  entryStyles,
  pageAssets,
  readManifest,
  type EntryScripts,
  type Manifest,
} from './build-manifest'
import { headTags, inlineStyle, type InlineStyle } from './page-head'

/** What the server render gives the app's root component. */
export interface ServerAppProps {
  queryClient: QueryClient
  /** The URL rendered (path and query, still percent-encoded). */
  ssrPath: string
  /** Always true here: the page renders at once, not the loading shell. */
  startWithPage: true
  /** Collects the page's title and status. */
  pageMeta: PageMetaCollector
}

/** The app a server renders: its route table and the root component the browser hydrates too. */
export interface ServerApp {
  routes: readonly PageRoute[]
  App: ComponentType<ServerAppProps>
}

// A page asks for data its first data decides (a product, then products like it): each render finds the
// queries the last one's data made, up to this many rounds.
const MAX_RENDERS = 4

/**
 * A client for one request, sharing no cache with another visitor. No retries: the shopper is waiting. And
 * a failed query (a missing product's 404) stays failed in the next render rather than showing as loading.
 */
function requestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: 60_000, gcTime: Infinity } },
  })
}

async function renderHtml(element: ReactNode): Promise<string> {
  const errors: unknown[] = []
  const html = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
    })
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')))
    sink.on('error', reject)
    const stream = renderToPipeableStream(element, {
      onError: (error) => void errors.push(error),
      onShellError: reject,
      // Sent once the lazy parts (the carousels) have rendered too, and in one piece: React would
      // otherwise send a part that suspended after the rest, with an inline script to move it into
      // place, which the CSP blocks.
      onAllReady: () => stream.pipe(sink),
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    })
  })
  // A part that failed would be left for the browser to render; better the plain shell, and a log line.
  if (errors.length > 0) throw errors[0]
  return html
}

function isEnabled(query: Query): boolean {
  // useQuery's options reach the cache with `enabled`, which the Query type does not list.
  return (query.options as { enabled?: unknown }).enabled !== false
}

/** Queries the render asked for that have not run: the render showed their loading state. */
function unfetched(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter(
      (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query),
    )
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

/** What a route's pages carry besides their own markup and data, worked out once at start-up. */
interface RouteHead {
  styles: InlineStyle[]
  scripts: string[]
  entry: EntryScripts
  /** The template's stylesheets, whose rules `styles` carries, for the server to leave out. */
  shellStyles: string[]
  /** The site's public address (PageRendererOptions.origin). */
  origin: string
}

const DEFAULT_IMAGE = {
  path: socialImagePath(DEFAULT_SOCIAL_PICTURE) ?? DEFAULT_SOCIAL_PICTURE,
  alt: 'A shop front with a basket of groceries',
}

async function renderPage(
  App: ServerApp['App'],
  route: PageRoute,
  url: string,
  routeHead: RouteHead,
  options: RenderOptions,
): Promise<RenderedPage> {
  await route.preload()
  const client = requestQueryClient()
  // The request's own values (useRequestData), dehydrated with the page's data like any read.
  for (const [name, value] of Object.entries(options.data ?? {}))
    client.setQueryData(requestDataKey(name), value)
  for (let round = 1; ; round++) {
    const { meta, collector } = createPageMeta()
    const html = await renderHtml(
      <App queryClient={client} ssrPath={url} startWithPage pageMeta={collector} />,
    )
    const waiting = unfetched(client)
    if (waiting.length > 0 && round < MAX_RENDERS) {
      await Promise.all(
        waiting.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
      )
      continue
    }
    const failed = client
      .getQueryCache()
      .getAll()
      .find((query) => query.state.status === 'error' && !isNotFound(query.state.error))
    // The page would show an error the browser may not meet: let the browser render it from scratch.
    if (failed)
      throw new Error(`Server rendering: ${JSON.stringify(failed.queryKey)} failed`, {
        cause: failed.state.error,
      })
    const state = dehydrate(client, {
      // A 404 is part of the page (a missing product), so the browser must start from it too.
      shouldDehydrateQuery: (query) => query.state.status === 'success' || isNotFound(query.state.error),
    })
    const head = headTags({
      title: meta.title ?? DEFAULT_TITLE,
      styles: routeHead.styles,
      scripts: routeHead.scripts,
      state: serializeState(state),
      stateId: SERVER_STATE_ID,
      entry: routeHead.entry,
      summary: {
        title: meta.title ?? DEFAULT_TITLE,
        summary: { description: DEFAULT_DESCRIPTION, ...meta.summary },
        origin: routeHead.origin,
        path: pathnameOf(url),
        status: meta.status,
        defaultImage: DEFAULT_IMAGE,
      },
    })
    // The head loads the entry after the first paint, in place of the template's tags.
    const { entry, shellStyles } = routeHead
    const replacedAssets = [...shellStyles, entry.file, ...entry.imports]
    return { status: meta.status, head, html, replacedAssets }
  }
}

function pathnameOf(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? url
}

/**
 * The contract apps/server/src/plugins/web-pages.ts loads (`createPageRenderer` of the server build), for
 * the app's route table and root component.
 */
export function serverRenderer(app: ServerApp): (options: PageRendererOptions<ApiTransport>) => PageRenderer {
  return (options) => pageRenderer(app, options)
}

function pageRenderer(
  { routes, App }: ServerApp,
  { manifest, fetch, readAsset, origin }: PageRendererOptions<ApiTransport>,
): PageRenderer {
  const build: Manifest = readManifest(manifest)
  const styleCache = new Map<string, InlineStyle>()
  const styleOf = (file: string) => {
    let style = styleCache.get(file)
    if (!style) styleCache.set(file, (style = inlineStyle(file, readAsset(file))))
    return style
  }
  const shellStyles = entryStyles(build)
  const entry = entryScripts(build)
  // Fails at start-up, not on a shopper's request, if a route's page or a stylesheet is missing.
  const headByModule = new Map(
    routes.map((route): [string, RouteHead] => {
      const assets = pageAssets(build, route.module)
      const styles = [...shellStyles, ...assets.styles].map(styleOf)
      return [route.module, { styles, scripts: assets.scripts, entry, shellStyles, origin }]
    }),
  )
  setApiTransport(fetch)
  // Every page's code now rather than on its first visitor's request; a failure shows when a page renders.
  for (const route of routes) if (route.render === 'server') void route.preload().catch(() => undefined)
  return {
    async render(url, options = {}) {
      const match = matchRoutes(routes, pathnameOf(url))
      if (!match) throw new Error(`No route for ${url}`)
      const { route } = match
      const routeHead = headByModule.get(route.module)
      if (!routeHead) throw new Error(`No assets for ${route.module}`)
      if (route.render === 'browser')
        return {
          status: 200,
          head: headTags({ title: DEFAULT_TITLE, ...routeHead, stateId: SERVER_STATE_ID }),
          html: '',
          replacedAssets: routeHead.shellStyles,
        }
      return renderPage(App, route, url, routeHead, options)
    },
  }
}
