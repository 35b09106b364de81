import { useNavigate } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { logout } from '../../../lib/session'
import { endServerSession } from '../api/logout'

/** Logout clears the session, announces LOGGED_OUT and goes to /login. */
export function useLogout() {
  const navigate = useNavigate()
  return () => {
    // Started before the token is cleared: the call takes it as it sets out. Should it fail, the shopper is
    // logged out here all the same, and the token dies at its expiry.
    endServerSession().catch((error: unknown) =>
      console.warn('Could not end the session on the server', error),
    )
    logout()
    navigate(paths.login.getHref())
  }
}
