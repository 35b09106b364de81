import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../../lib/api-client'

/** The server's public runtime settings: whether Google sign-in is on, and how app integrity is enforced. */
export const PublicConfigSchema = z.object({
  googleClientId: z.string().min(1).nullable(),
  appCheck: z.enum(['off', 'monitor', 'enforce']),
})
export type PublicConfig = z.infer<typeof PublicConfigSchema>

export function getPublicConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  return api.get('/api/public/config', { schema: PublicConfigSchema, signal })
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => getPublicConfig({ signal }),
    // Set by the server's environment: it cannot change while the page is open.
    staleTime: Infinity,
  })

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions())
}
