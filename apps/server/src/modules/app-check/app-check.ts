import { createHash } from 'node:crypto'
import { createChallenge, verifySolution } from 'altcha-lib/v1'
import type { FastifyRequest } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import type { Clock } from '../../lib/clock'
import { InvalidInputError } from '../../lib/domain-errors'
import { HttpError } from '../../plugins/errors'

export const APP_CHECK_MODES = ['off', 'monitor', 'enforce'] as const
export type AppCheckMode = (typeof APP_CHECK_MODES)[number]

export const APP_CHECK_HEADER = 'x-app-check'
export const APP_CHECK_TOKEN_SECONDS = 60 * 60
const CHALLENGE_MS = 10 * 60 * 1000
/** About 50 000 SHA-256 rounds on average: a fraction of a second in a browser, costly at bot scale. */
const MAX_NUMBER = 100_000
const AUDIENCE = 'larder-app-check'

/**
 * App integrity without third parties: the browser proves work on an altcha challenge and gets a
 * short-lived token for the calls bots like most (register, reset, contact, order creation).
 */
export function createAppCheck(options: { secret: string; mode: AppCheckMode; clock: Clock }) {
  // Derived keys, so the session-signing secret itself never signs anything else.
  const derive = (purpose: string) =>
    createHash('sha256').update(`${options.secret}:${purpose}`).digest('hex')
  const hmacKey = derive('altcha')
  const tokenKey = new TextEncoder().encode(derive('app-check-token'))
  /** Solved challenges, until they expire, so one solution buys one token. */
  const spent = new Map<string, number>()

  async function isValid(token: string | undefined): Promise<boolean> {
    if (!token) return false
    try {
      await jwtVerify(token, tokenKey, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        currentDate: options.clock(),
      })
      return true
    } catch {
      return false
    }
  }

  const forget = (now: number) => {
    for (const [signature, expiresAt] of spent) if (expiresAt <= now) spent.delete(signature)
  }

  return {
    mode: options.mode,

    challenge: () =>
      createChallenge({ hmacKey, maxNumber: MAX_NUMBER, expires: new Date(Date.now() + CHALLENGE_MS) }),

    async exchange(payload: string): Promise<{ token: string; ttl: number }> {
      const now = options.clock().getTime()
      forget(now)
      let signature = ''
      try {
        const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
        if (typeof decoded === 'object' && decoded !== null && 'signature' in decoded) {
          signature = String(decoded.signature)
        }
      } catch {
        throw new InvalidInputError('The app-check payload is not valid base64 JSON.')
      }
      if (spent.has(signature) || !(await verifySolution(payload, hmacKey, true))) {
        throw new InvalidInputError('The app-check solution is wrong, expired or already used.')
      }
      spent.set(signature, now + CHALLENGE_MS)
      const issuedAt = Math.floor(now / 1000)
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + APP_CHECK_TOKEN_SECONDS)
        .sign(tokenKey)
      return { token, ttl: APP_CHECK_TOKEN_SECONDS }
    },

    isValid,

    /** preHandler for protected calls: refuses without a valid token under `enforce`, only logs under `monitor`. */
    async require(request: FastifyRequest) {
      if (options.mode === 'off') return
      const header = request.headers[APP_CHECK_HEADER]
      if (await isValid(typeof header === 'string' ? header : undefined)) return
      if (options.mode === 'enforce') {
        throw new HttpError(403, 'App integrity check failed: send a valid X-App-Check token.')
      }
      request.log.warn({ url: request.url }, 'request without a valid app-check token (monitor mode)')
    },
  }
}

export type AppCheck = ReturnType<typeof createAppCheck>
