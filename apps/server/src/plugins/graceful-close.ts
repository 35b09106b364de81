import type { FastifyInstance } from 'fastify'

/** The longest the listener stays open after the close begins, while connections are still arriving. */
const ACCEPT_SETTLE_MS = 500
/** How long no connection may arrive before the listener closes: clients that were connecting are in. */
const ACCEPT_QUIET_MS = 20

/**
 * How `app.close()` lets go of its connections, so that a drain neither resets a request nor waits out
 * the 72 s keep-alive timeout. On close, Fastify stops the listener (`server.close()`, which also drops
 * the connections idle at that instant) and waits for every other connection to end; Node ends one after
 * a response only if that response said `Connection: close`. So, once closing:
 * - every response still to be sent says `Connection: close`, and the client opens no new request on it;
 * - a connection whose response was already on its way when the close began is dropped as soon as that
 *   response has gone, since it is idle from then on;
 * - connections clients have already opened are accepted, before the listener goes, so that their
 *   requests are served: the kernel resets a connection still in its accept queue when the listener
 *   closes, and on a busy machine a process accepts them over several turns of its event loop, some
 *   milliseconds apart. So the close waits until no connection has arrived for ACCEPT_QUIET_MS, counted
 *   from the close's start at the earliest, and at most ACCEPT_SETTLE_MS. (A connection accepted but
 *   silent is not idle to Node: it is kept, and served when its request comes.)
 * Requests that arrive during the drain on a connection that is still open are served (Fastify's 503 for
 * them is turned off in app.ts); `isClosing()` is true from the first moment, for `/readyz` to answer 503.
 */
export function registerGracefulClose(app: FastifyInstance): { isClosing: () => boolean } {
  let closing = false
  let lastAcceptedAt = 0
  app.server.on('connection', () => (lastAcceptedAt = Date.now()))
  app.addHook('preClose', async () => {
    closing = true
    const began = Date.now()
    const quietSince = () => Math.max(lastAcceptedAt, began)
    // Timers, not immediates: each wait passes the poll phase, which accepts and reads, without spinning.
    while (Date.now() < began + ACCEPT_SETTLE_MS && Date.now() - quietSince() < ACCEPT_QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
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
