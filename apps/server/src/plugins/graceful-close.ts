import type { FastifyInstance } from 'fastify'

/** The longest the listener stays open after the close begins, while connections are still arriving. */
const ACCEPT_SETTLE_MS = 500
/** How long no connection may have arrived before the listener closes. */
const ACCEPT_QUIET_MS = 50
/** Event-loop turns in a row that must accept nothing before the listener closes. */
const QUIET_TURNS = 3

/**
 * How `app.close()` lets go of its connections, so that a drain neither resets a request nor waits out
 * the 72 s keep-alive timeout. On close, Fastify stops the listener (`server.close()`, which also drops
 * the connections idle at that instant) and waits for every other connection to end; Node ends one after
 * a response only if that response said `Connection: close`. So, once closing:
 * - every response still to be sent says `Connection: close`, and the client opens no new request on it;
 * - a connection whose response was already on its way when the close began is dropped as soon as that
 *   response has gone, since it is idle from then on;
 * - connections clients have already opened are accepted before the listener goes, so that their requests
 *   are served: the kernel resets a connection still in its accept queue when the listener closes. A
 *   busy process accepts them over several turns of its event loop, and a turn may wait long on other
 *   work. So the close waits until QUIET_TURNS turns in a row accepted nothing and none arrived for
 *   ACCEPT_QUIET_MS since the close began, at most ACCEPT_SETTLE_MS. The turns are immediates: each
 *   is checked right after a poll phase, which accepts every connection queued by then, never after a
 *   wait that accepted nothing (a timer's check can follow a long callback straight away).
 * Requests that arrive during the drain on a connection that is still open are served (Fastify's 503 for
 * them is turned off in app.ts); `isClosing()` is true from the first moment, for `/readyz` to answer 503.
 * (A connection accepted but silent is not idle to Node: it is kept, and served when its request comes.)
 */
export function registerGracefulClose(app: FastifyInstance): { isClosing: () => boolean } {
  let closing = false
  let accepted = 0
  let lastAcceptedAt = 0
  app.server.on('connection', () => {
    accepted += 1
    lastAcceptedAt = Date.now()
  })
  app.addHook('preClose', async () => {
    closing = true
    const began = Date.now()
    const settled = (quietTurns: number) =>
      quietTurns >= QUIET_TURNS && Date.now() - Math.max(lastAcceptedAt, began) >= ACCEPT_QUIET_MS
    let seen = -1
    let quietTurns = 0
    while (!settled(quietTurns) && Date.now() < began + ACCEPT_SETTLE_MS) {
      quietTurns = accepted === seen ? quietTurns + 1 : 0
      seen = accepted
      await new Promise((resolve) => setImmediate(resolve))
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
