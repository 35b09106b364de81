import { api, ApiError } from './api-client'

/**
 * App integrity: an altcha proof-of-work solved in the background and exchanged for a short-lived
 * token that register, reset-init, contact messages and order creation send as `X-App-Check` when the
 * server enforces it. Retries back off from 30 000 ms, doubling up to 960 000 ms; a refresh starts
 * 300 000 ms ahead of expiry.
 */
export const APP_CHECK_HEADER = 'X-App-Check'
export const REFRESH_OFFSET_MS = 300_000
export const BACKOFF_START_MS = 30_000
export const BACKOFF_MAX_MS = 960_000
// A token this close to expiry may die in flight, so a fresh one is fetched instead.
const STALE_MARGIN_MS = 10_000

const ALGORITHMS = { 'SHA-1': 'SHA-1', 'SHA-256': 'SHA-256', 'SHA-512': 'SHA-512' } as const

type AppCheckMode = 'off' | 'monitor' | 'enforce'

/** The server's altcha v1 challenge: find n with hash(salt + n) = challenge (hex), n ≤ maxnumber. */
export interface AltchaChallenge {
  algorithm: keyof typeof ALGORITHMS
  challenge: string
  maxnumber?: number
  salt: string
  signature: string
}

interface AppCheckToken {
  token: string
  /** Seconds. */
  ttl: number
  /** How many protected calls the server takes it for (it is bound to them, and to this address). */
  uses?: number
}

// altcha's own default ceiling when the challenge does not name one.
const DEFAULT_MAX_NUMBER = 1_000_000
// Digests run side by side in batches: one await per number would spend most of the time scheduling.
const BATCH_SIZE = 1_000

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Finds n in [0, maxnumber] with hash(salt + n) equal to the challenge; null when there is none. */
export async function solveChallenge(challenge: AltchaChallenge): Promise<number | null> {
  const algorithm = ALGORITHMS[challenge.algorithm]
  const target = challenge.challenge.toLowerCase()
  const max = challenge.maxnumber ?? DEFAULT_MAX_NUMBER
  const encoder = new TextEncoder()
  for (let start = 0; start <= max; start += BATCH_SIZE) {
    const end = Math.min(start + BATCH_SIZE - 1, max)
    const numbers = Array.from({ length: end - start + 1 }, (_, index) => start + index)
    const hashes = await Promise.all(
      numbers.map((n) => crypto.subtle.digest(algorithm, encoder.encode(`${challenge.salt}${n}`))),
    )
    const found = hashes.findIndex((hash) => toHex(hash) === target)
    if (found !== -1) return start + found
  }
  return null
}

/** Spec: the first retry waits 30 000 ms, and each further one twice as long, up to 960 000 ms. */
export function backoffDelay(failures: number): number {
  return Math.min(BACKOFF_START_MS * 2 ** Math.max(0, failures), BACKOFF_MAX_MS)
}

/**
 * Spec: the refresh starts 300 000 ms ahead of expiry. A token that lives no longer than that is
 * refreshed half-way through instead, so the timer can never spin at zero delay.
 */
export function refreshDelay(ttlSeconds: number): number {
  const lifetime = ttlSeconds * 1000
  return lifetime > REFRESH_OFFSET_MS ? lifetime - REFRESH_OFFSET_MS : lifetime / 2
}

async function readMode(): Promise<AppCheckMode> {
  try {
    return (await api.get<{ appCheck: AppCheckMode }>('/api/public/config')).appCheck
  } catch (error) {
    // A server without the config endpoint predates app checks, so it has none to demand.
    if (error instanceof ApiError && error.status === 404) return 'off'
    throw error
  }
}

async function fetchToken() {
  const challenge = await api.get<AltchaChallenge>('/api/app-check/challenge')
  const number = await solveChallenge(challenge)
  if (number === null) throw new Error('The app-check challenge has no solution')
  const { algorithm, salt, signature } = challenge
  const payload = btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }))
  return api.post<AppCheckToken>('/api/app-check/token', { payload })
}

export interface AppCheck {
  /** A valid token, or null when the server does not ask for one or none could be had just now. */
  getToken(): Promise<string | null>
  /** Stops the background refresh (tests, and nothing else: the page keeps its token fresh). */
  stop(): void
}

export function createAppCheck(): AppCheck {
  let mode: 'off' | 'on' | 'unknown' = 'unknown'
  let cached: { token: string; expiresAt: number; usesLeft: number } | null = null
  let inFlight: Promise<string | null> | null = null
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const schedule = (delay: number) => {
    clearTimeout(timer)
    timer = setTimeout(() => void refresh(), delay)
  }
  const validToken = () =>
    cached && cached.usesLeft > 0 && cached.expiresAt - STALE_MARGIN_MS > Date.now() ? cached.token : null
  /** Hands out the cached token for one call, counting the use the server will count. */
  const spendToken = (token: string | null) => {
    if (token !== null && cached?.token === token) cached.usesLeft -= 1
    return token
  }

  const run = async (): Promise<string | null> => {
    try {
      if (mode === 'unknown') mode = (await readMode()) === 'off' ? 'off' : 'on'
      if (mode === 'off') return null
      const { token, ttl, uses } = await fetchToken()
      cached = { token, expiresAt: Date.now() + ttl * 1000, usesLeft: uses ?? Number.POSITIVE_INFINITY }
      failures = 0
      schedule(refreshDelay(ttl))
      return token
    } catch (error) {
      console.warn('Could not get an app-check token', error)
      schedule(backoffDelay(failures))
      failures += 1
      return validToken()
    }
  }

  function refresh(): Promise<string | null> {
    inFlight ??= run().finally(() => {
      inFlight = null
    })
    return inFlight
  }

  return {
    async getToken() {
      if (mode === 'off') return null
      return spendToken(validToken() ?? (await refresh()))
    },
    stop() {
      clearTimeout(timer)
    },
  }
}

let shared: AppCheck | undefined

/** The page's one app-check client, started by the first form that needs it. */
export function getAppCheckToken(): Promise<string | null> {
  shared ??= createAppCheck()
  return shared.getToken()
}

/** Headers to spread into a call that the server may guard with app integrity. */
export async function appCheckHeaders(): Promise<Record<string, string>> {
  const token = await getAppCheckToken()
  return token ? { [APP_CHECK_HEADER]: token } : {}
}
