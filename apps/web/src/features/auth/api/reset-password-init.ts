import { ResetInitResponseSchema } from '@larder/shared'
import type { z } from 'zod'
import { api } from '../../../lib/api-client'
import { appCheckHeaders } from '../../../lib/app-check'

export type ResetInitResponse = z.infer<typeof ResetInitResponseSchema>

/** Asks the server to e-mail a reset link; 404 when no account has that address (spec section 8). */
export async function requestPasswordReset(email: string): Promise<ResetInitResponse> {
  return api.post(
    '/api/account/all/reset-password/init',
    { email },
    { schema: ResetInitResponseSchema, headers: await appCheckHeaders() },
  )
}
