import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { act, render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { expect, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { AppProvider } from '../app/provider'
import { AppRoutes, routes as appRoutes, rootShell, type AppRoute, type Shell } from '../app/router'
import { MUTATION_DEFAULTS } from '../lib/react-query'
import { MemoryLocationSource, type NavigateOptions } from '../framework/routing/router'

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: MUTATION_DEFAULTS },
  })
}

/** The app's layout, for feature tests that render their routes inside it (features never import app/). */
export { rootShell }

/** Test routes render bare; pass `rootShell` to put them inside the app's layout. */
export const bareShell: Shell = {
  Layout: ({ children }: { children: ReactNode }) => children,
  Loading: () => null,
}

/**
 * Renders routes (the whole app, in its layout, by default) at `url`, as a browser would after a full page
 * load. `router` reads the in-memory URL (still percent-encoded, like `location`) and navigates.
 */
export function renderRoutes(
  url: string,
  routes: readonly AppRoute[] = appRoutes,
  shell: Shell = routes === appRoutes ? rootShell : bareShell,
) {
  const memory = memoryLocation({ path: url, record: true })
  const current = () => memory.history.at(-1) ?? url
  const router = {
    get pathname() {
      return current().split('?')[0] ?? ''
    },
    get search() {
      const query = current().split('?')[1] ?? ''
      return query === '' ? '' : `?${query}`
    },
    get state() {
      return memory.state
    },
    /** Every entry so far; a replace overwrites the last. */
    get history(): readonly string[] {
      return [...memory.history]
    },
    navigate: (to: string, options?: NavigateOptions) => act(() => memory.navigate(to, options)),
  }
  const queryClient = createTestQueryClient()
  const view = render(
    <AppProvider queryClient={queryClient}>
      <Router hook={memory.hook}>
        <MemoryLocationSource read={() => memory.state} navigate={memory.navigate}>
          <AppRoutes routes={routes} shell={shell} />
        </MemoryLocationSource>
      </Router>
    </AppProvider>,
  )
  return { ...view, router, queryClient, user: userEvent.setup() }
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/**
 * Holds every request made from now on until `release()` is called, then answers it with the fetch that
 * was in place: the page can be looked at while its data is on the way.
 */
export function holdFetch(): () => void {
  const answer = fetch
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    await held
    return answer(input, init)
  })
  return release
}

/**
 * Fetches the query `queryKey` again with the API down (every request answers 503), and returns once the
 * components showing it have seen the failure.
 */
export async function refetchFailing(queryClient: QueryClient, queryKey: QueryKey) {
  const failing = vi.fn(async () => jsonResponse({ message: 'Service Unavailable' }, 503))
  vi.stubGlobal('fetch', failing)
  await act(() => queryClient.refetchQueries({ queryKey }))
  // React Query tells components of an update in a timer of its own.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(failing).toHaveBeenCalled()
  expect(queryClient.getQueryState(queryKey)?.status).toBe('error')
}

/**
 * The tab title is set in an effect, and on a busy machine the page's content can be found before React
 * has run it.
 */
export async function expectDocumentTitle(title: string) {
  await waitFor(() => expect(document.title).toBe(title))
}
