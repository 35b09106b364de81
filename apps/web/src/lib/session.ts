import { useEffect, useMemo, useState } from 'react'
import { publish, TOPIC_MESSAGES, TOPICS, useNotification } from './notifications'
import { parseJson, readStorage, removeStorage, STORAGE_KEYS, useStorageValue, writeStorage } from './storage'

/**
 * The session: the token under `jwt_token`, the account under `currentUser`, and the
 * LOGGED_IN / LOGGED_OUT announcements on the notifications bus. This file is in the first download, so
 * the stored user is read by hand rather than with the zod AccountSchema.
 */
export interface CurrentUser {
  id: string | null
  login: string
  firstName: string
  lastName: string
  email: string
  imageUrl: string | null
  authorities: string[]
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function parseCurrentUser(raw: string | null): CurrentUser | null {
  const value = parseJson(raw)
  if (typeof value !== 'object' || value === null) return null
  const { id, login, firstName, lastName, email, imageUrl, authorities } = value as Record<string, unknown>
  return {
    // The spec mentions one place where the id is a list whose first element is the customer id.
    id:
      typeof id === 'string' || typeof id === 'number'
        ? String(id)
        : Array.isArray(id)
          ? String(id[0])
          : null,
    login: text(login),
    firstName: text(firstName),
    lastName: text(lastName),
    email: text(email),
    imageUrl: typeof imageUrl === 'string' && imageUrl.trim() !== '' ? imageUrl : null,
    authorities: Array.isArray(authorities)
      ? authorities.filter((role): role is string => typeof role === 'string')
      : [],
  }
}

// A call that leaves a few seconds before expiry would arrive with a dead token, so those count as expired.
const EXPIRY_MARGIN_MS = 5_000
// setTimeout keeps its delay in a signed 32-bit integer; a 30-day remember-me token would overflow it.
const MAX_TIMER_MS = 2 ** 31 - 1

function decodeBase64Url(part: string): string | null {
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
  } catch {
    return null
  }
}

/**
 * When the token's `exp` claim says it dies, in epoch milliseconds. Null when the token carries no
 * readable expiry: the server is then the judge, and its 401 ends the session.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1]
  if (payload === undefined) return null
  const claims = parseJson(decodeBase64Url(payload))
  if (typeof claims !== 'object' || claims === null) return null
  const { exp } = claims as Record<string, unknown>
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null
}

export function isTokenExpired(token: string, now = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token)
  return expiresAt !== null && now >= expiresAt - EXPIRY_MARGIN_MS
}

function storedToken(): string | null {
  const token = readStorage(STORAGE_KEYS.token)
  return token && token.trim() !== '' ? token : null
}

/**
 * The token to send, checked before every call: an expired one ends the session here, so the call goes
 * out anonymously instead of failing with a 401.
 */
export function readToken(): string | null {
  const token = storedToken()
  if (token === null) return null
  if (isTokenExpired(token)) {
    endSession()
    return null
  }
  return token
}

export function clearSession() {
  removeStorage(STORAGE_KEYS.token, STORAGE_KEYS.currentUser)
}

/**
 * Step one of a log-in: keep the token, so the call that loads the account is authenticated. A user stored
 * by an earlier session goes: if the new account fails to load, nobody's name is better than the wrong one.
 */
export function startSession(token: string) {
  removeStorage(STORAGE_KEYS.currentUser, STORAGE_KEYS.endedSession)
  writeStorage(STORAGE_KEYS.token, token)
}

/**
 * The same session under a new token (after a change of password, which ends every token issued before it):
 * no log-in is announced, since the shopper has not changed.
 */
export function renewToken(token: string) {
  writeStorage(STORAGE_KEYS.token, token)
}

export function saveCurrentUser(user: object) {
  writeStorage(STORAGE_KEYS.currentUser, JSON.stringify(user))
}

/** The last step of a log-in (or Google sign-in), once the account is stored or its loading has failed. */
export function announceLogin() {
  publish(TOPICS.LOGGED_IN, TOPIC_MESSAGES.LOGGED_IN)
}

/**
 * The shopper logs out: clears the token and the stored user and announces LOGGED_OUT; the caller decides
 * where to go. A deliberate change of shopper, unlike a session that ends by itself (endSession).
 */
export function logout() {
  removeStorage(STORAGE_KEYS.endedSession)
  clearSession()
  publish(TOPICS.LOGGED_OUT, TOPIC_MESSAGES.LOGGED_OUT)
}

/**
 * The session ends by itself (its token expired, or the server refused it): logged out as by logout(), but
 * the same shopper is still at the keyboard, so whose session it was is kept (STORAGE_KEYS.endedSession,
 * written first so that every tab sees it by the time the user is gone) until the next log-in or log-out.
 * What that shopper was typing (the checkout form) survives, so they can log in again or order as a guest.
 */
function endSession() {
  const login = parseCurrentUser(readStorage(STORAGE_KEYS.currentUser))?.login ?? ''
  if (login === '') removeStorage(STORAGE_KEYS.endedSession)
  else writeStorage(STORAGE_KEYS.endedSession, login)
  clearSession()
  publish(TOPICS.LOGGED_OUT, TOPIC_MESSAGES.LOGGED_OUT)
}

/**
 * A 401 on a call that carried `token` means the server no longer accepts it (expired, revoked). Only that
 * session ends: an answer that arrives after the shopper has logged in again leaves the new one alone.
 */
export function endRejectedSession(token: string) {
  if (storedToken() === token) endSession()
}

/** Logged in means a jwt_token is held in browser storage that has not expired; the user may arrive later. */
export function useSession() {
  const token = useStorageValue(STORAGE_KEYS.token)
  const rawUser = useStorageValue(STORAGE_KEYS.currentUser)
  const user = useMemo(() => parseCurrentUser(rawUser), [rawUser])
  const isLoggedIn = useMemo(() => token !== null && token.trim() !== '' && !isTokenExpired(token), [token])
  return { isLoggedIn, user }
}

/**
 * The login of the account whose session ended by itself, not by a log-out (endSession), while nobody has
 * logged in or out since; otherwise null.
 */
export function useEndedSession(): string | null {
  return useStorageValue(STORAGE_KEYS.endedSession)
}

/**
 * Ends the session when its token expires: at start-up for a token that died while the tab was closed,
 * and with a timer for one that dies while the shopper is here.
 */
export function useSessionExpiry() {
  const token = useStorageValue(STORAGE_KEYS.token)
  useEffect(() => {
    if (token === null) return
    const expiresAt = tokenExpiresAt(token)
    if (expiresAt === null) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      const remaining = expiresAt - EXPIRY_MARGIN_MS - Date.now()
      if (remaining <= 0) {
        endRejectedSession(token)
        return
      }
      timer = setTimeout(check, Math.min(remaining, MAX_TIMER_MS))
    }
    check()
    return () => clearTimeout(timer)
  }, [token])
}

const ANNOUNCEMENTS = {
  LOGGED_IN: 'You are logged in.',
  LOGGED_OUT: 'You are logged out.',
} as const

/** The text for a polite live region, so screen-reader users hear the session change. */
export function useSessionAnnouncement(): string {
  const [message, setMessage] = useState('')
  useNotification(TOPICS.LOGGED_IN, () => setMessage(ANNOUNCEMENTS.LOGGED_IN))
  useNotification(TOPICS.LOGGED_OUT, () => setMessage(ANNOUNCEMENTS.LOGGED_OUT))
  return message
}
