import { api } from '../../../lib/api-client'

/** Sets the new password with the key from the e-mail's link; 400 for a bad, used or expired key. */
export async function finishPasswordReset(key: string, newPassword: string): Promise<void> {
  await api.post('/api/account/reset-password/finish', { key, newPassword })
}
