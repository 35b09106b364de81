import type { RegisterPayload } from '@larder/shared'
import { api } from '../../../lib/api-client'
import { appCheckHeaders } from '../../../lib/app-check'

/** Registration always asks for the customer role (the server grants nothing else). */
export const REGISTER_AUTHORITIES = ['ROLE_CUSTOMER']

export async function registerAccount(account: Omit<RegisterPayload, 'authorities'>): Promise<void> {
  await api.post(
    '/api/register',
    { ...account, authorities: REGISTER_AUTHORITIES },
    { headers: await appCheckHeaders() },
  )
}
