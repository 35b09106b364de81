import { vi } from 'vitest'

export interface FakeReply {
  status?: number
  body?: unknown
  headers?: Record<string, string>
}

export interface SentRequest {
  method: string
  path: string
  /** Not part of a route's key: a route or a test reads the filters and paging sent in it. */
  query: URLSearchParams
  headers: Headers
  body: unknown
}

/** A route answers a reply, waits for one, or throws to stand for a network failure. */
export type FakeRoute = FakeReply | ((request: SentRequest) => FakeReply | Promise<FakeReply>)

/**
 * Stubs fetch with routes keyed 'METHOD /path' (query ignored); anything else is a 404 as on the server.
 * `sent(key)` lists what the page sent there, in order, with JSON bodies parsed; `log` lists everything.
 * Our own server is real in the API and end-to-end tests; these tests are about what a page does with
 * each answer, some of which (a dropped connection, a reply held back) a real server cannot be made to give.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const log: SentRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const request: SentRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    log.push(request)
    const route = routes[`${method} ${url.pathname}`]
    const reply =
      typeof route === 'function' ? await route(request) : (route ?? notFound(method, url.pathname))
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    fetchMock,
    sent: (key: string) => log.filter((request) => `${request.method} ${request.path}` === key),
    log,
  }
}

function notFound(method: string, path: string): FakeReply {
  return { status: 404, body: { message: `No route for ${method} ${path}` } }
}
