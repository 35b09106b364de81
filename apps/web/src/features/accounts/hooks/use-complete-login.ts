import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { announceLogin, saveCurrentUser, startSession } from '../../../lib/session'
import { accountQueryOptions } from '../api/get-account'

/**
 * Where to go after logging in: `?next=` when it names a back-office page (the back office sends callers
 * without a session here with it) or an order's confirmation page (which sends a logged-out visitor here
 * to see an account's order), else '/'. Only those paths, so a link cannot send anyone off the site.
 */
export function afterLoginPath(search: string): string {
  const next = new URLSearchParams(search).get('next')
  return next !== null && /^\/((vendor|admin)(\/|\?|$)|order-confirmation\/[\w-]+$)/.test(next)
    ? next
    : paths.home.getHref()
}

/**
 * After a log-in or Google sign-in returns id_token: store it under jwt_token, load the
 * current user into currentUser, announce LOGGED_IN and go to '/' (or the back-office page in `?next=`).
 * A failure to load the user is only logged: the shopper is logged in all the same.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (token: string) => {
    startSession(token)
    try {
      const account = await queryClient.fetchQuery(accountQueryOptions(token))
      saveCurrentUser(account)
    } catch (error) {
      console.error('Could not load the current user', error)
    }
    announceLogin()
    navigate(afterLoginPath(window.location.search))
  }
}
