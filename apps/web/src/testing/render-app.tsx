import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import { AppProvider } from '../app/provider'
import { routes as appRoutes } from '../app/router'

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })
}

/** Renders routes (the whole app by default) at `url`, as a browser would after a full page load. */
export function renderRoutes(url: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const view = render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...view, router, user: userEvent.setup() }
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/**
 * Replaces fetch with a table of API paths (query string ignored) and their JSON bodies; anything else
 * answers 404 like the server does. Returns the mock to inspect the calls.
 */
export function mockApi(responses: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    if (url.pathname in responses) return jsonResponse(responses[url.pathname])
    return jsonResponse({ message: `No route for GET ${url.pathname}` }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
