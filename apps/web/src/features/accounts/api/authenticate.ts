import type { LoginPayload, TokenResponse } from '@larder/shared'
import { api } from '../../../lib/api-client'

/** `username` may also be the account's e-mail address; answers the session token. */
export async function authenticate(credentials: LoginPayload): Promise<string> {
  const { id_token } = await api.post<TokenResponse>('/api/authenticate', credentials)
  return id_token
}
