import { api } from '../../../lib/api-client'

/** POST /api/logout: the server stops accepting the token sent, so a copy of it is worth nothing. */
export function endServerSession(): Promise<unknown> {
  return api.post('/api/logout')
}
