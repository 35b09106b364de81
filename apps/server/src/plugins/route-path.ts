import type { FastifyRequest } from 'fastify'

/**
 * The path a request was routed by: the matched route's pattern (`/api/public/orders/:id`), else the raw
 * path. Checks that go by path prefix use this, because the router decodes the path first: `/%61pi/register`
 * reaches `/api/register`, and a test of the raw URL would let it pass as something else.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0] ?? ''
}
