import type { TokenResponse } from '@larder/shared'
import { api } from '../../../lib/api-client'

/** Trades Google's ID token (from Google Identity Services) for our own session token. */
export async function googleLogin(googleIdToken: string): Promise<string> {
  const { id_token } = await api.post<TokenResponse>('/api/google-login', { id_token: googleIdToken })
  return id_token
}
