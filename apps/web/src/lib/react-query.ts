import { QueryCache, QueryClient, type MutationOptions } from '@tanstack/react-query'
import { ApiError } from './api-client'

// A 4xx will not change on retry; network blips and 5xx get one more try.
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

/**
 * A press always gets an answer: with the browser offline, the request fails at once and says to check the
 * connection, instead of waiting unseen (TanStack's default) and going through later. Tests use these too.
 */
export const MUTATION_DEFAULTS = { retry: false, networkMode: 'always' } satisfies MutationOptions

export function createQueryClient() {
  return new QueryClient({
    // A failed product (or any other) fetch is logged. Pages also offer a retry
    // (docs/decisions/0016-errors-shoppers-see.md). A warning, because the shop goes on working.
    queryCache: new QueryCache({
      onError: (error, query) =>
        console.warn('Could not load', JSON.stringify(query.queryKey), error.message),
    }),
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: MUTATION_DEFAULTS,
    },
  })
}
