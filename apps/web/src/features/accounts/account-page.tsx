import { LogIn, LogOut, UserRound } from 'lucide-react'
import { Link } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { useDocumentTitle } from '../../framework/page/document-title'
import { useSession } from '../../lib/session'
import { useAccount } from './api/get-account'
import { useLogout } from './hooks/use-logout'
import styles from './account-page.module.css'
import { AccountDetails, AccountDetailsSkeleton } from './components/account-details'
import { ChangePasswordSection } from './components/change-password-section'
import { OrderHistorySection } from './components/order-history-section'

function LoggedOutPrompt() {
  return (
    <section className={`${styles.card} ${styles.prompt}`} aria-labelledby="account-login-heading">
      <UserRound aria-hidden="true" size={40} className={styles.promptIcon} />
      <h2 id="account-login-heading" className={styles.name}>
        Log in to see your account
      </h2>
      <p className={styles.muted}>Your details and your orders are here once you have logged in.</p>
      <div className={styles.promptActions}>
        <Link to={paths.login.getHref()} className="button-primary">
          <LogIn aria-hidden="true" size={18} />
          Log in
        </Link>
        <Link to={paths.register.getHref()} className={`button-secondary ${styles.secondary}`}>
          Create an account
        </Link>
      </div>
    </section>
  )
}

function AccountOverview() {
  const account = useAccount({ enabled: true })
  if (account.isPending) return <AccountDetailsSkeleton />
  if (account.isError) {
    return (
      <div className={styles.card} role="alert">
        <p>We couldn’t load your account just now.</p>
        <button
          type="button"
          className={`button-secondary ${styles.secondary}`}
          onClick={() => void account.refetch()}
          disabled={account.isRefetching}
        >
          {account.isRefetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    )
  }
  return (
    <>
      <AccountDetails account={account.data} />
      <OrderHistorySection />
    </>
  )
}

/**
 * The logged-in page. The change of password stays mounted while the account reloads under the session's
 * new token (its queries are keyed by the token), so its confirmation is not lost with it.
 */
function LoggedInAccount() {
  const logout = useLogout()
  return (
    <>
      <AccountOverview />
      <ChangePasswordSection />
      <button type="button" className={`button-secondary ${styles.logout}`} onClick={logout}>
        <LogOut aria-hidden="true" size={18} />
        Log out
      </button>
    </>
  )
}

export function AccountPage() {
  useDocumentTitle('Your account')
  const { isLoggedIn } = useSession()
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.heading}>Your account</h1>
      </header>
      {isLoggedIn ? <LoggedInAccount /> : <LoggedOutPrompt />}
    </div>
  )
}
