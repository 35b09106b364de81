import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { announceLogin, saveCurrentUser, startSession } from '../../../lib/session'
import { accountQueryOptions } from '../api/get-account'

/**
 * After a log-in or Google sign-in returns id_token: store it under jwt_token, load the
 * current user into currentUser, announce LOGGED_IN and go to '/'. A failure to load the user is only
 * logged: the shopper is logged in all the same.
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
    navigate(paths.home.getHref())
  }
}
