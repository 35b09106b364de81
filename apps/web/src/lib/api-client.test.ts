import type { Category } from '@larder/shared'
import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import { api, ApiError, apiRequest, NETWORK_ERROR_MESSAGE, readCookie } from './api-client'
import { STORAGE_KEYS } from './storage'

function respond(body: unknown, init: ResponseInit = {}) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' },
        ...init,
      }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function sentHeaders(fetchMock: ReturnType<typeof respond>) {
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers)
}

describe('apiRequest', () => {
  it('sends the bearer token when one is stored', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'abc.def.ghi')
    const fetchMock = respond({ ok: true })
    await api.get('/api/account')
    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer abc.def.ghi')
  })

  it('sends no Authorization header when logged out', async () => {
    const fetchMock = respond({ ok: true })
    await api.get('/api/public/categories')
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false)
  })

  it('echoes the XSRF-TOKEN cookie on non-GET requests only', async () => {
    document.cookie = 'XSRF-TOKEN=tok%3D1; path=/'
    const fetchMock = respond({ id: 'o1' })
    await api.get('/api/public/products')
    expect(sentHeaders(fetchMock).has('X-XSRF-TOKEN')).toBe(false)
    fetchMock.mockClear()
    await api.post('/api/public/orders', { a: 1 })
    const headers = sentHeaders(fetchMock)
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok=1')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"a":1}')
  })

  it('builds the query string, skipping empty values and repeating arrays', async () => {
    const fetchMock = respond([])
    await api.get('/api/public/products', {
      query: { page: 0, size: 20, sort: ['dateCreated,desc', 'id'], q: undefined },
    })
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/public/products?page=0&size=20&sort=dateCreated%2Cdesc&sort=id',
    )
  })

  it('returns the JSON body as the type asked for, with the headers', async () => {
    respond([{ categoryName: 'Fresh', subCategory: [] }], {
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1' },
    })
    const { data, headers, status } = await apiRequest<Category[]>('/api/public/categories')
    expectTypeOf(data).toEqualTypeOf<Category[]>()
    expect(data).toEqual([{ categoryName: 'Fresh', subCategory: [] }])
    expect(headers.get('X-Total-Count')).toBe('1')
    expect(status).toBe(200)
  })

  it('answers undefined for 204 No Content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    )
    await expect(api.delete('/api/account/sessions/1')).resolves.toBeUndefined()
  })

  it("throws an ApiError carrying the server's message", async () => {
    respond({ message: 'Login name already used!', fieldErrors: { login: ['taken'] } }, { status: 400 })
    const error = await api.post('/api/register', {}).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      message: 'Login name already used!',
      fieldErrors: { login: ['taken'] },
    })
  })

  it("tells a 429's wait from its Retry-After header", async () => {
    respond(
      { message: 'Too many attempts' },
      { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } },
    )
    await expect(api.post('/api/authenticate', {})).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts',
      retryAfterSeconds: 42,
    })
  })

  it('does not take a JSON error body without a message for an ApiError body', async () => {
    respond({ error: 'Internal Server Error' }, { status: 500, statusText: 'Internal Server Error' })
    await expect(api.get('/api/public/products')).rejects.toMatchObject({
      status: 500,
      message: 'The shop answered 500 Internal Server Error',
    })
  })

  it('throws an ApiError with the status when the body has no message', async () => {
    respond('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })
    await expect(api.get('/api/public/products')).rejects.toMatchObject({
      status: 502,
      message: 'The shop answered 502 Bad Gateway',
    })
  })

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(api.get('/api/public/products')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    })
  })

  it('returns text bodies as text', async () => {
    respond('Check your e-mail')
    await expect(api.post('/api/account/reset-password/finish', { key: 'k' })).resolves.toBe(
      'Check your e-mail',
    )
  })
})

describe('readCookie', () => {
  it('finds one cookie among several', () => {
    document.cookie = 'a=1; path=/'
    document.cookie = 'XSRF-TOKEN=xyz; path=/'
    expect(readCookie('XSRF-TOKEN')).toBe('xyz')
    expect(readCookie('missing')).toBeNull()
  })
})
