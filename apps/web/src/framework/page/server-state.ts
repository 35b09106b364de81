import type { DehydratedState } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-client'

/**
 * The query data a server render used, handed to the browser in a JSON block in `<head>` (not in #root,
 * where hydration would meet an element the app does not render). A JSON block is data, not script, so
 * the CSP's ban on inline scripts does not apply to it.
 */
export const SERVER_STATE_ID = 'larder-state'

interface SentApiError {
  apiError: { status: number; message: string }
}

function isSentApiError(value: unknown): value is SentApiError {
  if (typeof value !== 'object' || value === null || !('apiError' in value)) return false
  const { apiError } = value
  return (
    typeof apiError === 'object' &&
    apiError !== null &&
    'status' in apiError &&
    typeof apiError.status === 'number' &&
    'message' in apiError &&
    typeof apiError.message === 'string'
  )
}

/**
 * The state as the text of a `<script type="application/json">`. Every `<` becomes `\u003c` (still the
 * same JSON), so no value can close the element (`</script>`) or open a comment in it. An ApiError (a
 * missing product's 404) is sent as its status and message, which JSON would otherwise lose.
 */
export function serializeState(state: DehydratedState): string {
  const queries = state.queries.map((query) => {
    const { error } = query.state
    if (!(error instanceof ApiError)) return query
    const sent: SentApiError = { apiError: { status: error.status, message: error.message } }
    return { ...query, state: { ...query.state, error: sent } }
  })
  return JSON.stringify({ ...state, queries }).replace(/</g, '\\u003c')
}

/** The state that serializeState wrote, with its ApiErrors rebuilt, or null if the text is not one. */
export function reviveState(text: string): DehydratedState | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || !('queries' in value) || !Array.isArray(value.queries))
    return null
  // Written by our own server a moment ago (serializeState): trusted in shape beyond this check.
  const state = value as DehydratedState
  return {
    ...state,
    queries: state.queries.map((query) => {
      const { error } = query.state
      if (!isSentApiError(error)) return query
      const revived = new ApiError(error.apiError.status, error.apiError.message)
      return { ...query, state: { ...query.state, error: revived } }
    }),
  }
}
