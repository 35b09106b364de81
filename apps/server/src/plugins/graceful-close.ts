import type { FastifyInstance } from 'fastify'

/**
 * How `app.close()` lets go of its connections, so that a drain neither resets a request nor waits out
 * the 72 s keep-alive timeout. On close, Fastify stops the listener (`server.close()`, which also drops
 * the connections idle at that instant) and waits for every other connection to end; Node ends one after
 * a response only if that response said `Connection: close`. So, once closing:
 * - every response still to be sent says `Connection: close`, and the client opens no new request on it;
 * - a connection whose response was already on its way when the close began is dropped as soon as that
 *   response has gone, since it is idle from then on;
 * - requests a client sent before the close are read before the listener and the idle connections go, so
 *   they count as in flight (answered), not idle (reset): a connection the kernel has completed is accepted
 *   in one turn of the event loop and its waiting bytes read in the next, so the close waits three turns.
 *   (A connection still in the kernel's accept queue when the listener closes is reset by the kernel; a
 *   load balancer retries those on another process.)
 * Requests that arrive during the drain on a connection that is still open are served (Fastify's 503 for
 * them is turned off in app.ts); `isClosing()` is true from the first moment, for `/readyz` to answer 503.
 */
export function registerGracefulClose(app: FastifyInstance): { isClosing: () => boolean } {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
  app.addHook('onResponse', async () => {
    // After Node has detached the finished response from its socket, which then counts as idle.
    if (closing) setImmediate(() => app.server.closeIdleConnections())
  })
  return { isClosing: () => closing }
}
