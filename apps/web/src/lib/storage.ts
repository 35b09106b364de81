import { useSyncExternalStore } from 'react'

/**
 * The fixed browser storage keys (jwt_token, currentUser, cartItems), shared with any older tab of the shop,
 * and the shop's own that every tab must see change (prefixed, so they can never clash with the fixed ones).
 */
export const STORAGE_KEYS = {
  token: 'jwt_token',
  currentUser: 'currentUser',
  cartItems: 'cartItems',
  endedSession: 'larder.endedSession',
} as const

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

// The native 'storage' event only fires in *other* tabs, so our own writes announce themselves too.
const LOCAL_CHANGE = 'larder:storage'

// Storage can throw (Safari private mode, full quota, disabled cookies): the shop then runs without it.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: StorageKey, value: string) {
  try {
    window.localStorage.setItem(key, value)
  } catch (error) {
    console.warn(`Could not save ${key}`, error)
  }
  window.dispatchEvent(new Event(LOCAL_CHANGE))
}

export function removeStorage(...keys: StorageKey[]) {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key)
    } catch {
      // Nothing stored means nothing to remove.
    }
  }
  window.dispatchEvent(new Event(LOCAL_CHANGE))
}

/**
 * Every card's Add to Cart button watches the cart, so the page holds one pair of window listeners for
 * all of them rather than a pair each: adding forty listeners was a visible part of hydration's effects.
 */
const listeners = new Set<() => void>()

function announce() {
  for (const listener of [...listeners]) listener()
}

function subscribe(onChange: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('storage', announce)
    window.addEventListener(LOCAL_CHANGE, announce)
  }
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
    if (listeners.size > 0) return
    window.removeEventListener('storage', announce)
    window.removeEventListener(LOCAL_CHANGE, announce)
  }
}

/** The raw stored string, re-rendering on changes from this tab or another one. */
export function useStorageValue(key: StorageKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStorage(key),
    () => null,
  )
}

/** JSON.parse that answers undefined for missing or corrupt values instead of throwing. */
export function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return undefined
  }
}
