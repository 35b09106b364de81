import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'
import type { Clock } from '../lib/clock'

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs'
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com']

export interface GoogleIdentity {
  sub: string
  email: string
  givenName: string
  familyName: string
  picture: string | null
  /** The token's `nonce` claim: the one the log-in page was given by this server, if it is genuine. */
  nonce: string | undefined
}

/** Checks a Google ID token: signature against Google's key set, issuer, audience, expiry, verified e-mail. */
export type GoogleTokenVerifier = (idToken: string) => Promise<GoogleIdentity | undefined>

export function createGoogleTokenVerifier(options: {
  clientId: string
  jwksUrl: string
  clock: Clock
  /** Tests hand in a local key set instead of fetching Google's. */
  keys?: JWTVerifyGetKey
}): GoogleTokenVerifier {
  const keys = options.keys ?? createRemoteJWKSet(new URL(options.jwksUrl))
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        currentDate: options.clock(),
        requiredClaims: ['sub', 'exp', 'iat', 'email'],
      })
      const text = (value: unknown) => (typeof value === 'string' ? value : '')
      // An unverified address could belong to someone else, so it must never open or link an account.
      if (payload.email_verified !== true || typeof payload.sub !== 'string') return undefined
      return {
        sub: payload.sub,
        email: text(payload.email),
        givenName: text(payload.given_name),
        familyName: text(payload.family_name),
        picture: text(payload.picture) || null,
        nonce: typeof payload.nonce === 'string' ? payload.nonce : undefined,
      }
    } catch {
      return undefined
    }
  }
}
