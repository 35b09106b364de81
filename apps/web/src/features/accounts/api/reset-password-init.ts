import type { ResetInitResponse } from '@larder/shared'
import { api } from '../../../lib/api-client'
import { appCheckHeaders } from '../../../lib/app-check'

/**
 * Asks the server to e-mail a reset link; 404 when no account has that address ('Email address not found.').
 */
export async function requestPasswordReset(email: string): Promise<ResetInitResponse> {
  return api.post<ResetInitResponse>(
    '/api/account/all/reset-password/init',
    { email },
    { headers: await appCheckHeaders() },
  )
}
