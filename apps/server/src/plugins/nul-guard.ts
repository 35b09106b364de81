import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors'
import { routedPath } from './route-path'

export const NUL_MESSAGE = 'Invalid request: text may not contain the NUL character (U+0000)'

/**
 * Whether a string anywhere in a parsed body, query or params (keys included) holds U+0000. Iterative, so a
 * deeply nested body cannot overflow the stack; raw bodies (the webhook's bytes) are not text to check.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item)
    } else if (typeof next === 'object' && next !== null && !ArrayBuffer.isView(next)) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true
        pending.push(inner)
      }
    }
  }
  return false
}

/**
 * PostgreSQL's text cannot hold U+0000: such a value would fail inside the query as a 500. Every API
 * request with one in its body, query or path parameters is refused with a 400 before validation instead.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!routedPath(request).startsWith('/api/')) return
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new HttpError(400, NUL_MESSAGE)
    }
  })
}
