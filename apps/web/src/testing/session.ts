import { STORAGE_KEYS } from '../lib/storage'
import type { FakeReply } from './fake-api'

/** A JWT-shaped token whose payload carries `exp` (seconds), as the server's session tokens do. */
export function fakeJwt(expiresAtMs: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-1', ...claims, exp: Math.floor(expiresAtMs / 1000) })}.signature`
}

/** The server's answer to a token it no longer accepts (apps/server/src/plugins/auth.ts). */
export const SESSION_REJECTED: FakeReply = {
  status: 401,
  body: { message: 'Authentication required' },
  headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
}

export const ACCOUNT = {
  id: 'c0ffee',
  login: 'priya',
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'priya@example.test',
  imageUrl: null,
  authorities: ['ROLE_CUSTOMER'],
}

/** A session in storage as a log-in leaves it: a token good for an hour, and the account. */
export function storeSession(account: object = ACCOUNT, token = fakeJwt(Date.now() + 60 * 60 * 1000)) {
  window.localStorage.setItem(STORAGE_KEYS.token, token)
  window.localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(account))
}
