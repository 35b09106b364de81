import type { FastifyInstance } from 'fastify'

/**
 * How `app.close()` lets go of its connections, so that a drain neither resets a request nor waits out
 * the 72 s keep-alive timeout. On close, Fastify stops the listener (`server.close()`, which also drops
 * the connections idle at that instant) and waits for every other connection to end; Node ends one after
 * a response only if that response said `Connection: close`. So, once closing:
 * - every response still to be sent says `Connection: close`, and the client opens no new request on it;
 * - a connection whose response was already on its way when the close began is dropped as soon as that
 *   response has gone, since it is idle from then on;
 * - bytes a client sent before the close are read before the idle connections are dropped, so a request
 *   already on the wire counts as in flight (answered), not idle (reset).
 * Requests that arrive during the drain on a connection that is still open are served (Fastify's 503 for
 * them is turned off in app.ts); `/readyz` answers 503 from the start (health.routes.ts).
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
    // One turn of the event loop: sockets with data waiting are read, and their parsers start a request.
    await new Promise((resolve) => setImmediate(resolve))
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
  app.addHook('onResponse', async () => {
    // After Node has detached the finished response from its socket, which then counts as idle.
    if (closing) setImmediate(() => app.server.closeIdleConnections())
  })
}
