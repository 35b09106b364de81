import type { ReactNode } from 'react'
import { paths } from '../../../config/paths'
import { Link } from '../../../framework/routing/router'
import { useSession } from '../../../lib/session'

/**
 * The lead of the log-in and register pages: `lead` for a visitor, and for a shopper who is logged in
 * already, who they are and the way to their account, so the blank form does not suggest otherwise.
 */
export function useSignedInLead(lead: ReactNode, otherwise: string): ReactNode {
  const { isLoggedIn, user } = useSession()
  if (!isLoggedIn) return lead
  return (
    <>
      You are logged in{user?.firstName ? ` as ${user.firstName}` : ''}.{' '}
      <Link to={paths.account.getHref()}>Go to your account</Link>, or {otherwise}.
    </>
  )
}
