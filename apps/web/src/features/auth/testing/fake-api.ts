import { vi } from 'vitest'

export interface FakeReply {
  status?: number
  body?: unknown
  headers?: Record<string, string>
}

export interface RecordedRequest {
  method: string
  path: string
  headers: Headers
  body: unknown
}

export type FakeRoute = FakeReply | ((request: RecordedRequest) => FakeReply | Promise<FakeReply>)

/**
 * Replaces fetch with a table keyed 'METHOD /path' (query string ignored). Unknown routes answer 404 as the
 * server does. `requests(key)` lists what the page sent to one route, bodies parsed from JSON.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const recorded: RecordedRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    recorded.push(request)
    const route = routes[`${method} ${url.pathname}`]
    const reply =
      typeof route === 'function' ? await route(request) : (route ?? notFound(method, url.pathname))
    const status = reply.status ?? 200
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    fetchMock,
    requests: (key: string) => recorded.filter((request) => `${request.method} ${request.path}` === key),
  }
}

function notFound(method: string, path: string): FakeReply {
  return { status: 404, body: { message: `No route for ${method} ${path}` } }
}

/** A JWT-shaped token whose payload carries `exp` (seconds), as the server's session tokens do. */
export function fakeJwt(expiresAtMs: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-1', ...claims, exp: Math.floor(expiresAtMs / 1000) })}.signature`
}

/** The server's answer to a token it no longer accepts (apps/server/src/plugins/auth.ts). */
export const SESSION_REJECTED: FakeReply = {
  status: 401,
  body: { message: 'Authentication required' },
  headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
}

export const ACCOUNT = {
  id: 'c0ffee',
  login: 'priya',
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'priya@example.test',
  imageUrl: null,
  authorities: ['ROLE_CUSTOMER'],
}
