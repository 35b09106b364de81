import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api-client'

/**
 * The server's public runtime settings: whether Google sign-in is on, how app integrity is enforced and
 * where the shop's community chat group is. Mirrors the server's PublicConfigSchema
 * (apps/server/src/modules/site/site.routes.ts).
 */
export interface PublicConfig {
  googleClientId: string | null
  appCheck: 'off' | 'monitor' | 'enforce'
  /** The group's invite link (CHAT_GROUP_URL), null when the shop has none. */
  chatGroupUrl: string | null
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
