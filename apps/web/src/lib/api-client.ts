import type { ApiError as ApiErrorBody } from '@larder/shared'
import { endRejectedSession, readToken } from './session'

type QueryValue = string | number | boolean | null | undefined
export type Query = Record<string, QueryValue | readonly QueryValue[]>

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Query
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

export interface ApiResponse<T> {
  data: T
  headers: Headers
  status: number
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly fieldErrors: Record<string, string[]> | undefined
  /** From a 429's Retry-After header, so a form can say how long to wait. */
  readonly retryAfterSeconds: number | undefined
  /**
   * False when the answer had no message of its own (a proxy's HTML page) and `message` was made up from
   * the status line: fit for a log or a retry box, not for a sentence that quotes the server.
   */
  readonly fromServer: boolean

  constructor(
    status: number,
    message: string,
    fieldErrors?: Record<string, string[]>,
    retryAfterSeconds?: number,
    fromServer = true,
  ) {
    super(message)
    this.status = status
    this.fieldErrors = fieldErrors
    this.retryAfterSeconds = retryAfterSeconds
    this.fromServer = fromServer
  }
}

/** A paged list's X-Total-Count, or `fallback` (what arrived) when the header is missing or not a count. */
export function readTotal(headers: Headers, fallback: number): number {
  const total = Number(headers.get('X-Total-Count'))
  return headers.has('X-Total-Count') && Number.isInteger(total) && total >= 0 ? total : fallback
}

/** A 429 in words: how long to wait, in minutes, from its Retry-After (the server's own text says seconds). */
export function tooManyAttemptsMessage(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined || retryAfterSeconds <= 0) {
    return 'Too many attempts. Please wait a little and try again.'
  }
  const minutes = Math.ceil(retryAfterSeconds / 60)
  return `Too many attempts. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`
}

function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('Retry-After')
  if (value === null || !/^\d+$/.test(value.trim())) return undefined
  return Number(value)
}

/** How a request reaches the server: `fetch`, or in a server render, a call into the server's own process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>

// Read at call time, so that tests which stub the global fetch are served by their stub.
let transport: ApiTransport = (url, init) => fetch(url, init)

/** Routes every later API call through `next` (framework/ssr/render-page.tsx: one transport for the whole process). */
export function setApiTransport(next: ApiTransport) {
  transport = next
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the shop. Please check your internet connection.'

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='))
      } catch {
        return rest.join('=')
      }
    }
  }
  return null
}

function buildUrl(path: string, query: Query | undefined): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value]
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item))
    }
  }
  const search = params.toString()
  return search === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${search}`
}

// Checked by hand rather than with ApiErrorSchema: this file is in the first download and zod is not.
function isApiErrorBody(payload: unknown): payload is ApiErrorBody {
  if (typeof payload !== 'object' || payload === null) return false
  const { message, fieldErrors } = payload as Record<string, unknown>
  return (
    typeof message === 'string' &&
    (fieldErrors === undefined || (typeof fieldErrors === 'object' && fieldErrors !== null))
  )
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (text === '') return undefined
  const isJson = response.headers.get('content-type')?.includes('json') ?? false
  if (!isJson) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** The server's RFC 6750 challenge on a 401 that refused the bearer token itself. */
const refusedToken = (headers: Headers) =>
  /\berror="invalid_token"/.test(headers.get('www-authenticate') ?? '')

/**
 * One fetch for every API call: JSON in and out, the session token when there is one, and the XSRF
 * double-submit header the server demands on every non-GET request (or it answers 403).
 *
 * A successful body is returned as `T` without a runtime check: the server validates every response
 * against the shared contract before sending it, and checking again here would put zod in every page's
 * first download (docs/decisions/0007-browser-trusts-typed-responses.md).
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET'
  const headers = new Headers({ Accept: 'application/json', ...options.headers })
  const token = readToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (method !== 'GET') {
    const xsrf = readCookie('XSRF-TOKEN')
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf)
  }
  let body: string | undefined
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(options.body)
  }

  let response: Response
  try {
    response = await transport(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, NETWORK_ERROR_MESSAGE)
  }

  // The server no longer accepts our token: log out cleanly rather than fail every later call too. Any other
  // 401 (a wrong password typed while logged in) leaves the session alone.
  if (response.status === 401 && token && refusedToken(response.headers)) endRejectedSession(token)
  const payload = await readBody(response)
  if (!response.ok) {
    const wait = retryAfterSeconds(response.headers)
    if (isApiErrorBody(payload)) {
      throw new ApiError(response.status, payload.message, payload.fieldErrors, wait)
    }
    throw new ApiError(
      response.status,
      `The shop answered ${response.status} ${response.statusText}`.trim(),
      undefined,
      wait,
      false,
    )
  }
  return { data: payload as T, headers: response.headers, status: response.status }
}

type MethodOptions = Omit<RequestOptions, 'method' | 'body'>

export const api = {
  get: async <T = unknown>(path: string, options?: MethodOptions) =>
    (await apiRequest<T>(path, options)).data,
  post: async <T = unknown>(path: string, body?: unknown, options?: MethodOptions) =>
    (await apiRequest<T>(path, { ...options, method: 'POST', body })).data,
  put: async <T = unknown>(path: string, body?: unknown, options?: MethodOptions) =>
    (await apiRequest<T>(path, { ...options, method: 'PUT', body })).data,
  delete: async <T = unknown>(path: string, options?: MethodOptions) =>
    (await apiRequest<T>(path, { ...options, method: 'DELETE' })).data,
}
