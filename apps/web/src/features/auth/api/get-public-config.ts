import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/**
 * The server's public runtime settings: whether Google sign-in is on, and how app integrity is enforced.
 * Mirrors the server's PublicConfigSchema (apps/server/src/modules/site/site.routes.ts).
 */
export interface PublicConfig {
  googleClientId: string | null
  appCheck: 'off' | 'monitor' | 'enforce'
}

export function getPublicConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/public/config', { signal })
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
