import { createContext, useContext } from 'react'

/**
 * What a server render learns about the page while rendering it: its title and its HTTP status. In the
 * browser there is no collector, and the hooks only set `document.title` (framework/page/document-title.ts).
 */
export interface PageMetaCollector {
  setTitle(title: string): void
  setStatus(status: number): void
  setSummary(summary: PageSummary): void
}

/** A JSON value, as structured data holds. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** One schema.org item of a page's JSON-LD (`@context` is added when it is written). */
export type StructuredItem = { '@type': string } & { [key: string]: JsonValue }

/**
 * What a page says about itself to search engines and link previews, beyond its title. Addresses are
 * paths (`/products/Fresh`): the server makes them absolute with the site's public address.
 */
export interface PageSummary {
  /** One or two sentences from the page's own content (a product's description, a shop's). */
  description?: string
  /**
   * The page's one address, with only the query parameters that change what it shows. Without it, the
   * path it was asked for, without its query.
   */
  canonical?: string
  /** A 1200×630 raster picture for link previews (shared/pictures.ts, socialImagePath). */
  image?: { path: string; alt: string }
  /** Open Graph's kind of page: a product's page is `product`, others `website`. */
  type?: 'website' | 'product'
  /** schema.org items of the page, built from its data; `absolute` turns a path into a full URL. */
  structuredData?: (absolute: (path: string) => string) => StructuredItem[]
}

export interface PageMeta {
  title: string | undefined
  status: number
  summary: PageSummary
}

export function createPageMeta(): { meta: PageMeta; collector: PageMetaCollector } {
  const meta: PageMeta = { title: undefined, status: 200, summary: {} }
  const collector: PageMetaCollector = {
    setTitle: (title) => (meta.title = title),
    setStatus: (status) => (meta.status = status),
    // Parts of a page (the listing, its shop) each add what they know; structured data adds up.
    setSummary: (summary) => {
      const earlier = meta.summary.structuredData
      const later = summary.structuredData
      meta.summary = { ...meta.summary, ...summary }
      if (earlier && later)
        meta.summary.structuredData = (absolute) => [...earlier(absolute), ...later(absolute)]
    },
  }
  return { meta, collector }
}

export const PageMetaContext = createContext<PageMetaCollector | null>(null)

/** The collector of the server render in progress, or null in the browser. */
export function usePageMeta(): PageMetaCollector | null {
  return useContext(PageMetaContext)
}

/**
 * Makes a server-rendered page answer with this status: a page saying "not found" answers 404, so that
 * crawlers drop it. Nothing happens in the browser.
 */
export function usePageStatus(status: number) {
  usePageMeta()?.setStatus(status)
}

/**
 * Gives a server-rendered page its description, canonical address, preview picture and structured data
 * (framework/ssr/page-head.ts writes them into `<head>`). Nothing happens in the browser: the tags are for
 * crawlers and link previews, which read the server's HTML.
 */
export function usePageSummary(summary: PageSummary) {
  usePageMeta()?.setSummary(summary)
}
