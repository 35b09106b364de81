import type { FastifyInstance } from 'fastify'

/** The longest the listener stays open after the close begins, while connections are still arriving. */
const ACCEPT_SETTLE_MS = 250

/**
 * How `app.close()` lets go of its connections, so that a drain neither resets a request nor waits out
 * the 72 s keep-alive timeout. On close, Fastify stops the listener (`server.close()`, which also drops
 * the connections idle at that instant) and waits for every other connection to end; Node ends one after
 * a response only if that response said `Connection: close`. So, once closing:
 * - every response still to be sent says `Connection: close`, and the client opens no new request on it;
 * - a connection whose response was already on its way when the close began is dropped as soon as that
 *   response has gone, since it is idle from then on;
 * - connections clients have already opened are accepted, and their requests read, before the listener
 *   and the idle connections go, so those requests count as in flight (answered), not idle (reset): the
 *   kernel resets a connection still in its accept queue when the listener closes, and a busy process
 *   accepts them over several turns of the event loop. So the close waits until three turns in a row
 *   accepted nothing, at most ACCEPT_SETTLE_MS.
 * Requests that arrive during the drain on a connection that is still open are served (Fastify's 503 for
 * them is turned off in app.ts); `isClosing()` is true from the first moment, for `/readyz` to answer 503.
 */
export function registerGracefulClose(app: FastifyInstance): { isClosing: () => boolean } {
  let closing = false
  let accepted = 0
  app.server.on('connection', () => (accepted += 1))
  app.addHook('preClose', async () => {
    closing = true
    const until = Date.now() + ACCEPT_SETTLE_MS
    let seen = -1
    let quietTurns = 0
    while (quietTurns < 3 && Date.now() < until) {
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
