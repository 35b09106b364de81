import { QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

// A 4xx will not change on retry; network blips and 5xx get one more try.
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

export function createQueryClient() {
  return new QueryClient({
    // Spec section 8: a failed product (or any other) fetch is logged. Pages also offer a retry
    // (docs/decisions/0016-errors-shoppers-see.md). A warning, because the shop goes on working.
    queryCache: new QueryCache({
      onError: (error, query) =>
        console.warn('Could not load', JSON.stringify(query.queryKey), error.message),
    }),
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}
