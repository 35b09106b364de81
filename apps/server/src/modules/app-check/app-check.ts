import { createHash, randomUUID } from 'node:crypto'
import { createChallenge, verifySolution } from 'altcha-lib/v1'
import type { FastifyRequest } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { Clock } from '../../lib/clock'
import { clientAddress, type CounterStore } from '../../lib/rate-limiter'
import { InvalidInputError } from '../../lib/domain-errors'
import { HttpError } from '../../plugins/errors'

export const APP_CHECK_MODES = ['off', 'monitor', 'enforce'] as const
export type AppCheckMode = (typeof APP_CHECK_MODES)[number]

export const APP_CHECK_HEADER = 'x-app-check'
/**
 * A token lives 10 minutes (the browser fetches the next one 5 minutes ahead, as the storefront's refresh
 * offset says), works from the address /64 it was bought from, and for APP_CHECK_TOKEN_USES protected
 * calls: one proof of work buys a handful of calls from one place, not a bot's hour from anywhere.
 */
export const APP_CHECK_TOKEN_SECONDS = 10 * 60
export const APP_CHECK_TOKEN_USES = 5
const CHALLENGE_MS = 10 * 60 * 1000
/** About 50 000 SHA-256 rounds on average: a fraction of a second in a browser, costly at bot scale. */
const MAX_NUMBER = 100_000
const AUDIENCE = 'larder-app-check'
/**
 * Tokens a server-rendered form carries in a hidden field for a page without scripts: a separate audience,
 * so that one cannot be sent as X-App-Check to buy API calls, and a single use each (one form, one post).
 */
const FORM_AUDIENCE = 'larder-app-check-form'
export const APP_CHECK_FORM_TOKEN_USES = 1

/** What altcha's verifySolution reads, checked first so that a malformed payload is a 400, not a throw. */
const AltchaPayloadSchema = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string().regex(/^[0-9a-f]{1,128}$/i),
  number: z.number().int().min(0).max(MAX_NUMBER),
  salt: z.string().min(1).max(500),
  signature: z.string().regex(/^[0-9a-f]{1,128}$/i),
})

const malformed = () => new InvalidInputError('The app-check payload is not valid base64 JSON.')

/**
 * App integrity without third parties: the browser proves work on an altcha challenge and gets a
 * short-lived token for the calls bots like most (register, reset, contact, order creation).
 */
export function createAppCheck(options: {
  secret: string
  mode: AppCheckMode
  clock: Clock
  /** Where solutions spent and token uses are counted: the database, so every process agrees. */
  counters: Pick<CounterStore, 'hit'>
}) {
  // Derived keys, so the session-signing secret itself never signs anything else.
  const derive = (purpose: string) =>
    createHash('sha256').update(`${options.secret}:${purpose}`).digest('hex')
  const hmacKey = derive('altcha')
  const tokenKey = new TextEncoder().encode(derive('app-check-token'))
  /** A token of `audience` signed by us, still alive, given to this address, with a use left (this counts one). */
  async function isLive(
    token: string | undefined,
    address: string,
    audience: string,
    uses: number,
  ): Promise<boolean> {
    if (!token) return false
    let claims
    try {
      ;({ payload: claims } = await jwtVerify(token, tokenKey, {
        algorithms: ['HS256'],
        audience,
        currentDate: options.clock(),
      }))
    } catch {
      return false
    }
    if (typeof claims.jti !== 'string' || claims.sub !== address) return false
    const { hits } = await options.counters.hit(`app-check-use:${claims.jti}`, APP_CHECK_TOKEN_SECONDS * 1000)
    return hits <= uses
  }

  const isValid = (token: string | undefined, address: string) =>
    isLive(token, address, AUDIENCE, APP_CHECK_TOKEN_USES)

  async function sign(address: string, audience: string): Promise<string> {
    const issuedAt = Math.floor(options.clock().getTime() / 1000)
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(audience)
      .setSubject(address)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + APP_CHECK_TOKEN_SECONDS)
      .sign(tokenKey)
  }

  return {
    mode: options.mode,

    challenge: () =>
      createChallenge({ hmacKey, maxNumber: MAX_NUMBER, expires: new Date(Date.now() + CHALLENGE_MS) }),

    /** Exchanges a solved challenge for a token bound to `address` (clientAddress). */
    async exchange(payload: string, address: string): Promise<{ token: string; ttl: number; uses: number }> {
      let decoded: unknown
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
      } catch {
        throw malformed()
      }
      const parsed = AltchaPayloadSchema.safeParse(decoded)
      if (!parsed.success) throw malformed()
      const wrong = new InvalidInputError('The app-check solution is wrong, expired or already used.')
      if (!(await verifySolution(parsed.data, hmacKey, true))) throw wrong
      // Counted after it verifies, so that made-up signatures create no rows; the second exchange of one
      // solution, in any process, is refused.
      const spent = await options.counters.hit(`app-check-solution:${parsed.data.signature}`, CHALLENGE_MS)
      if (spent.hits > 1) throw wrong
      const token = await sign(address, AUDIENCE)
      return { token, ttl: APP_CHECK_TOKEN_SECONDS, uses: APP_CHECK_TOKEN_USES }
    },

    isValid,

    /**
     * The no-script stand-in for a solved challenge: a token a server-rendered form carries in a hidden
     * field, bound to the address the page was rendered for, alive 10 minutes, good for one post of that
     * form and never for an API call. Undefined when app check is off (the form then needs none). It
     * proves less than the proof of work (only that the poster fetched the page from that address), so
     * the route's per-address rate limit is what holds a bot to a few posts.
     */
    formToken: (address: string): Promise<string> | undefined =>
      options.mode === 'off' ? undefined : sign(address, FORM_AUDIENCE),

    /**
     * Whether a form posted without scripts may go on: always when app check is off; under `monitor` a
     * missing or spent token is only logged; under `enforce` it is refused.
     */
    async allowsForm(request: FastifyRequest, token: unknown): Promise<boolean> {
      if (options.mode === 'off') return true
      const given = typeof token === 'string' ? token : undefined
      if (await isLive(given, clientAddress(request), FORM_AUDIENCE, APP_CHECK_FORM_TOKEN_USES)) return true
      if (options.mode === 'enforce') return false
      request.log.warn({ url: request.url }, 'form without a valid app-check token (monitor mode)')
      return true
    },

    /** preHandler for protected calls: refuses without a valid token under `enforce`, only logs under `monitor`. */
    async require(request: FastifyRequest) {
      if (options.mode === 'off') return
      const header = request.headers[APP_CHECK_HEADER]
      if (await isValid(typeof header === 'string' ? header : undefined, clientAddress(request))) return
      if (options.mode === 'enforce') {
        throw new HttpError(403, 'App integrity check failed: send a valid X-App-Check token.')
      }
      request.log.warn({ url: request.url }, 'request without a valid app-check token (monitor mode)')
    },
  }
}

export type AppCheck = ReturnType<typeof createAppCheck>
