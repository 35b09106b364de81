import { hydrate, type QueryClient } from '@tanstack/react-query'
import { startTransition, useEffect, type ComponentType } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createQueryClient } from '../../lib/react-query'
import { reviveState, SERVER_STATE_ID } from '../page/server-state'
import type { PageRoute } from '../routing/page-route'
import { matchRoutes } from '../routing/router'
import { replayEarlyInteraction } from './early-interaction'

/** What the browser gives the app's root component when it takes over a server-rendered page. */
export interface BrowserAppProps {
  queryClient?: QueryClient
  /** True when hydrating the server's markup: the page renders at once, not the loading shell. */
  startWithPage?: boolean
}

/** The app a browser starts: its route table and the root component the server rendered too. */
export interface BrowserApp {
  routes: readonly PageRoute[]
  App: ComponentType<BrowserAppProps>
}

/** Runs once the tree around it has committed: for hydration, once the page is React's. */
function AfterHydration({ run }: { run: () => void }) {
  useEffect(run, [run])
  return null
}

/**
 * A page the server rendered (framework/ssr/render-page.tsx) is hydrated with the data it was rendered
 * from and its page's code already loaded, so that the first render matches the markup and no loading
 * state replaces it.
 */
async function hydrateServerPage({ routes, App }: BrowserApp, root: HTMLElement, stateText: string) {
  const queryClient = createQueryClient()
  const state = reviveState(stateText)
  if (state) {
    hydrate(queryClient, state)
    // A failed query would be fetched again as the page mounts, showing a loading state the server did
    // not render; the page offers its own retry instead.
    for (const query of state.queries) {
      if (query.state.status === 'error')
        queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false })
    }
  }
  // If the page's code cannot load, hydration meets the same failure and the page shows its error.
  await matchRoutes(routes, location.pathname)
    ?.route.preload()
    .catch(() => undefined)
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (long tasks are what Lighthouse's total blocking time counts); a click in
  // the meantime hydrates its part first.
  startTransition(() => {
    hydrateRoot(
      root,
      <>
        <App queryClient={queryClient} startWithPage />
        <AfterHydration run={() => replayEarlyInteraction(root)} />
      </>,
    )
  })
}

/**
 * Starts the app in #root: hydrates a page the server rendered (markup in #root and its state in the
 * JSON block), or renders from scratch a page the server left to the browser (cart, account…), which
 * arrives with an empty #root.
 */
export function startApp(app: BrowserApp) {
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  const stateText = document.getElementById(SERVER_STATE_ID)?.textContent
  if (container.firstElementChild !== null && stateText !== undefined && stateText !== null) {
    void hydrateServerPage(app, container, stateText)
  } else {
    const { App } = app
    createRoot(container).render(<App />)
  }
}
