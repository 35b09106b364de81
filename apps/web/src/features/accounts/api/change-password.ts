import type { TokenResponse } from '@larder/shared'
import { api } from '../../../lib/api-client'

/**
 * Changes the password of the session's account; the answer is this session's new token (every token
 * issued before the change, this one included, stops working).
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<string> {
  const { id_token } = await api.post<TokenResponse>('/api/account/change-password', {
    currentPassword,
    newPassword,
  })
  return id_token
}
