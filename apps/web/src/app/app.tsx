import type { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { Router } from 'wouter'
import { PageMetaContext, type PageMetaCollector } from '../framework/page/page-meta'
import { AppProvider } from './provider'
import { AppRoutes } from './router'

export interface AppProps {
  queryClient?: QueryClient
  /** Render the page at once: on the server, and in the browser when hydrating the server's markup. */
  startWithPage?: boolean
  /** The URL a server render is for (path and query, still percent-encoded); the browser reads its own. */
  ssrPath?: string
  /** Collects the title and status of a server render. */
  pageMeta?: PageMetaCollector
}

/** The whole app; the server renders the same tree as the browser, so that hydration matches. */
export function App({ queryClient, startWithPage = false, ssrPath, pageMeta }: AppProps) {
  return (
    <StrictMode>
      <PageMetaContext.Provider value={pageMeta ?? null}>
        <AppProvider queryClient={queryClient}>
          <Router ssrPath={ssrPath}>
            <AppRoutes startWithPage={startWithPage} />
          </Router>
        </AppProvider>
      </PageMetaContext.Provider>
    </StrictMode>
  )
}
