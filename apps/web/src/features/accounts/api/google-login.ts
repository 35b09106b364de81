import type { TokenResponse } from '@larder/shared'
import { api } from '../../../lib/api-client'

/** Trades Google's ID token (from Google Identity Services) for our own session token. */
export async function googleLogin(googleIdToken: string): Promise<string> {
  const { id_token } = await api.post<TokenResponse>('/api/google-login', { id_token: googleIdToken })
  return id_token
}

/** A single-use nonce from the server for Google to sign into its ID token (the server checks it). */
export async function googleNonce(): Promise<string> {
  return (await api.get<{ nonce: string }>('/api/google-login/nonce')).nonce
}
