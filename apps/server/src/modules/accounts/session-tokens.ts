import fs from 'node:fs'
import path from 'node:path'
import { createHash, randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Clock } from '../../lib/clock'

const DAY_SECONDS = 24 * 60 * 60
export const SESSION_SECONDS = DAY_SECONDS
export const REMEMBER_ME_SECONDS = 30 * DAY_SECONDS
const ISSUER = 'larder'
const AUDIENCE = 'larder-web'

export interface SessionClaims {
  userId: string
  roles: string[]
  issuedAt: Date
  expiresAt: Date
  /**
   * By which logging out ends this session alone: the token's `jti`, or for a token issued before tokens
   * had one, a SHA-256 of the token itself (prefixed, so it can never equal a jti).
   */
  sessionId: string
}

/**
 * The signing secret: JWT_SECRET when set; in production its absence is fatal; in development a random
 * secret is generated once and kept in the data folder so sessions survive restarts.
 */
export function resolveJwtSecret(options: {
  jwtSecret: string | undefined
  env: string
  dataDir: string
}): string {
  if (options.jwtSecret) {
    if (options.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long')
    return options.jwtSecret
  }
  if (options.env === 'production')
    throw new Error('JWT_SECRET must be set in production (at least 32 characters)')
  const file = path.join(options.dataDir, 'jwt-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  fs.mkdirSync(options.dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/** HS256 session tokens; verification accepts HS256 only, so `alg: none` or RS/HS confusion never passes. */
export function createSessionTokens(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret)
  return {
    async issue(user: { id: string; roles: string[] }, rememberMe: boolean): Promise<string> {
      const issuedAt = clock().getTime() / 1000
      const now = Math.floor(issuedAt)
      return (
        new SignJWT({ auth: user.roles.join(',') })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(user.id)
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          // To the millisecond (a NumericDate may have a fraction, RFC 7519 section 2), so that a password
          // change ends a session issued in the same second before it, and not the one issued just after.
          .setIssuedAt(issuedAt)
          .setExpirationTime(now + (rememberMe ? REMEMBER_ME_SECONDS : SESSION_SECONDS))
          .setJti(randomBytes(16).toString('base64url'))
          .sign(key)
      )
    },

    async verify(token: string): Promise<SessionClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock(),
          requiredClaims: ['sub', 'iat', 'exp'],
        })
        const { sub, iat, exp, jti } = payload
        if (typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return undefined
        const roles = typeof payload.auth === 'string' && payload.auth !== '' ? payload.auth.split(',') : []
        return {
          userId: sub,
          roles,
          issuedAt: new Date(Math.round(iat * 1000)),
          expiresAt: new Date(exp * 1000),
          sessionId:
            typeof jti === 'string' && jti !== ''
              ? jti
              : `sha256:${createHash('sha256').update(token).digest('base64url')}`,
        }
      } catch {
        return undefined
      }
    },
  }
}

export type SessionTokens = ReturnType<typeof createSessionTokens>
