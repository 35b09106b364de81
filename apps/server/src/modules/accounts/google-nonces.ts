import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../../lib/clock'
import type { CounterStore } from '../../lib/rate-limiter'

/** Long enough to open Google's prompt and choose an account, short enough that a leaked one soon dies. */
export const GOOGLE_NONCE_MS = 10 * 60 * 1000

/**
 * The nonces Google sign-in carries (OpenID Connect's `nonce`): the server gives one to the log-in page,
 * the page hands it to Google, Google signs it into the ID token, and the log-in call accepts a token only
 * with a nonce the server made, within GOOGLE_NONCE_MS, once. So an ID token for this shop obtained
 * elsewhere, or one already used, opens no session.
 *
 * A nonce is `random.expiry.hmac`, signed with a key derived from the session secret, so issuing one
 * stores nothing; its use is counted in the shared counters, so a second use in any process is refused.
 */
export function createGoogleNonces(options: {
  secret: string
  clock: Clock
  counters: Pick<CounterStore, 'hit'>
}) {
  const key = createHmac('sha256', options.secret).update('google-nonce').digest()
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url')

  return {
    issue(): string {
      const expires = options.clock().getTime() + GOOGLE_NONCE_MS
      const body = `${randomBytes(16).toString('base64url')}.${expires.toString(36)}`
      return `${body}.${sign(body)}`
    },

    /** True for a nonce this server made, not expired, used now for the first time. */
    async consume(nonce: string): Promise<boolean> {
      const [random, expires, mac] = nonce.split('.')
      if (!random || !expires || !mac || nonce.split('.').length !== 3) return false
      const expected = Buffer.from(sign(`${random}.${expires}`))
      const given = Buffer.from(mac)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
      const left = parseInt(expires, 36) - options.clock().getTime()
      if (!(left > 0)) return false
      const { hits } = await options.counters.hit(`google-nonce:${random}`, left)
      return hits === 1
    },
  }
}

export type GoogleNonces = ReturnType<typeof createGoogleNonces>
