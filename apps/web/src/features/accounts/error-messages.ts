import { accountMessages } from '@larder/shared'
import { ApiError, tooManyAttemptsMessage } from '../../lib/api-client'

/** A 429 is not a wrong password: each message below says so, and how long to wait, rather than blame the input. */
function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429
}

/** Any failed log-in reads 'Login failed. Please check your credentials.' */
export function loginErrorMessage(error: unknown): string {
  if (isRateLimited(error)) return tooManyAttemptsMessage(error.retryAfterSeconds)
  return accountMessages.loginFailed
}

/** The reset request's 404 ('Email address not found.'), 500 and anything else. */
export function resetInitErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return accountMessages.resetUnexpected
  if (error.status === 404) return accountMessages.emailNotFound
  if (error.status === 500) return accountMessages.resetMailFailed
  if (error.status === 429) return tooManyAttemptsMessage(error.retryAfterSeconds)
  return accountMessages.resetUnexpected
}

/** The server's own words for a refused registration ('Login name already used!', …). */
export function registerErrorMessage(error: unknown): string {
  if (isRateLimited(error)) return tooManyAttemptsMessage(error.retryAfterSeconds)
  if (error instanceof ApiError) return error.message
  return 'Registration failed. Please try again.'
}
