import { createContext, useContext } from 'react'

/**
 * What a server render learns about the page while rendering it: its title and its HTTP status. In the
 * browser there is no collector, and the hooks only set `document.title` (framework/page/document-title.ts).
 */
export interface PageMetaCollector {
  setTitle(title: string): void
  setStatus(status: number): void
}

export interface PageMeta {
  title: string | undefined
  status: number
}

export function createPageMeta(): { meta: PageMeta; collector: PageMetaCollector } {
  const meta: PageMeta = { title: undefined, status: 200 }
  const collector: PageMetaCollector = {
    setTitle: (title) => (meta.title = title),
    setStatus: (status) => (meta.status = status),
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
