import './styles/global.css'
import { hydrate } from '@tanstack/react-query'
import { startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { routes } from './app/router'
import { replayEarlyInteraction } from './framework/browser/early-interaction'
import { createQueryClient } from './lib/react-query'
import { matchRoutes } from './framework/routing/router'
import { reviveState, SERVER_STATE_ID } from './framework/page/server-state'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

/** Runs once the tree around it has committed: for hydration, once the page is React's. */
function AfterHydration({ run }: { run: () => void }) {
  useEffect(run, [run])
  return null
}

/**
 * A page the server rendered (entry-server.tsx) is hydrated with the data it was rendered from and its
 * page's code already loaded, so that the first render matches the markup and no loading state replaces
 * it. Pages the server leaves to the browser (cart, account…) arrive with an empty #root.
 */
async function hydrateServerPage(root: HTMLElement, stateText: string) {
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

const stateText = document.getElementById(SERVER_STATE_ID)?.textContent
if (container.firstElementChild !== null && stateText !== undefined && stateText !== null) {
  void hydrateServerPage(container, stateText)
} else {
  createRoot(container).render(<App />)
}
