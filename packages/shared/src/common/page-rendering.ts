/**
 * How the server asks the web build's server half (apps/web/src/entry-server.tsx) for a page
 * (docs/decisions/0008-server-rendered-pages.md). Types only: both sides compile against this one copy.
 */

export interface RenderedPage {
  status: number
  /** Tags for `<head>`: the page's title, its rules inline, its chunks' modulepreloads, its data. */
  head: string
  /**
   * Files the HTML template links or loads (`assets/…`) that `head` takes care of instead (stylesheets
   * inline, scripts after the first paint): the template's tags for them are left out.
   */
  replacedAssets?: string[]
  /** Markup for `#root`; empty for pages that render in the browser only. */
  html: string
}

/** What the server knows of one request that a page shows (a form's tokens, a posted form's verdict). */
export interface RenderOptions {
  /**
   * Named values a page reads with `useRequestData(name)`, handed to the browser with the page's data.
   * A page rendered with them is one visitor's: the server never keeps or shares it.
   */
  data?: Record<string, unknown>
}

export interface PageRenderer {
  render(url: string, options?: RenderOptions): Promise<RenderedPage>
}

/** `Fetch` is each side's fetch-like type: this package compiles without the DOM's or Node's. */
export interface PageRendererOptions<Fetch> {
  /** Vite's client manifest (`client/.vite/manifest.json`), as read from disk. */
  manifest: unknown
  /** Answers the server's own `/api/...` paths inside its process. */
  fetch: Fetch
  /** The text of a file of the client build by its manifest path (`assets/….css`), to inline styles. */
  readAsset: (file: string) => string
  /**
   * The address shoppers use (`PUBLIC_URL`, no trailing slash): canonical links, Open Graph tags and
   * structured data name pages by absolute URL.
   */
  origin: string
}
