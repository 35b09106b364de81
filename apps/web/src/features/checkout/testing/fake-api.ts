import { vi } from 'vitest'

export interface Reply {
  status?: number
  body?: unknown
}

export interface SentRequest {
  method: string
  path: string
  headers: Headers
  body: unknown
}

/** A route answers a reply, waits for one, or throws to stand for a network failure. */
type Route = Reply | ((request: SentRequest) => Reply | Promise<Reply>)

/**
 * Stubs fetch with routes keyed 'METHOD /path' (query ignored); anything else is a 404 as on the server.
 * `sent(key)` lists what the page sent there, in order, with JSON bodies parsed.
 */
export function fakeApi(routes: Record<string, Route>) {
  const log: SentRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const request: SentRequest = {
      method,
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    log.push(request)
    const route = routes[`${method} ${url.pathname}`]
    const reply =
      route === undefined
        ? { status: 404, body: { message: `No route for ${method} ${url.pathname}` } }
        : typeof route === 'function'
          ? await route(request)
          : route
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    fetchMock,
    sent: (key: string) => log.filter((request) => `${request.method} ${request.path}` === key),
    log,
  }
}
