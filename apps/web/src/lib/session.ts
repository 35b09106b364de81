import { useMemo } from 'react'
import { parseJson, readStorage, removeStorage, STORAGE_KEYS, useStorageValue } from './storage'

/** The part of the stored account the shell shows; the full account shape arrives with accounts. */
export interface CurrentUser {
  firstName: string
  imageUrl: string | null
}

export function parseCurrentUser(raw: string | null): CurrentUser | null {
  const value = parseJson(raw)
  if (typeof value !== 'object' || value === null) return null
  const { firstName, imageUrl } = value as Record<string, unknown>
  return {
    firstName: typeof firstName === 'string' ? firstName : '',
    imageUrl: typeof imageUrl === 'string' && imageUrl.trim() !== '' ? imageUrl : null,
  }
}

export function readToken(): string | null {
  const token = readStorage(STORAGE_KEYS.token)
  return token && token.trim() !== '' ? token : null
}

/** Logged in means a jwt_token is held (spec section 6); the user record may arrive a moment later. */
export function useSession() {
  const token = useStorageValue(STORAGE_KEYS.token)
  const rawUser = useStorageValue(STORAGE_KEYS.currentUser)
  const user = useMemo(() => parseCurrentUser(rawUser), [rawUser])
  return { isLoggedIn: token !== null && token.trim() !== '', user }
}

export function clearSession() {
  removeStorage(STORAGE_KEYS.token, STORAGE_KEYS.currentUser)
}
