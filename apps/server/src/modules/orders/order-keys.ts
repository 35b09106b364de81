import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { ORDER_KEY_HEADER } from '@larder/shared'
import type { FastifyRequest } from 'fastify'
import type { SessionUser } from '../../plugins/auth'

/**
 * Who asks for an order: the account of a valid session, if any, and whether the request carries that
 * order's key. Routes build it; services decide with it (readableBy).
 */
export interface OrderCaller {
  user: SessionUser | undefined
  holdsKeyTo: (orderId: string) => boolean
}

/**
 * A key to one order, given only to the browser that creates it: an HMAC of the order id, so nothing is
 * stored and no schema changes. It lets that browser follow the order it sent to pay for after its session
 * is gone (logged out in another tab during the payment), while the id alone, a confirmation address
 * that leaked, still opens nobody's account order. The secret is derived from the session secret, so it
 * needs no configuration of its own and never equals a secret used elsewhere.
 */
export function createOrderKeys(jwtSecret: string) {
  const secret = createHash('sha256').update(`${jwtSecret}:order-key`).digest()
  const keyFor = (orderId: string) => createHmac('sha256', secret).update(orderId).digest('base64url')
  return {
    keyFor,
    /** Compared in constant time, so the answer's timing says nothing about how close a guess came. */
    opens(orderId: string, presented: string | undefined): boolean {
      if (presented === undefined) return false
      const expected = Buffer.from(keyFor(orderId))
      const given = Buffer.from(presented)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}

export type OrderKeys = ReturnType<typeof createOrderKeys>

/** The caller of an order route: its session's account, and the key it sent, checked against `keys`. */
export function orderCaller(request: FastifyRequest, keys: OrderKeys): OrderCaller {
  const header = request.headers[ORDER_KEY_HEADER.toLowerCase()]
  const presented = typeof header === 'string' ? header : undefined
  return { user: request.user, holdsKeyTo: (orderId) => keys.opens(orderId, presented) }
}
