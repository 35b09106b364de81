import { useQuery } from '@tanstack/react-query'
import { createElement, lazy, Suspense, useEffect, type ComponentType } from 'react'
import { ErrorBoundary } from '../../lib/error-boundary'
import { ApiError } from '../../lib/api-client'
import { useDocumentTitle } from '../../framework/page/document-title'
import { Link, useLocation, useNavigate } from '../../framework/routing/router'
import { readToken, useSession } from '../../lib/session'
import { getMe, type BackOfficeArea } from './api/backoffice-api'
import { BackOfficeContext } from './backoffice-context'
import styles from './backoffice.module.css'
import {
  adminSections,
  sectionFor,
  sectionHref,
  sectionsOf,
  vendorSections,
  type BackOfficeSection,
} from './navigation'

const AcceptInvitationScreen = lazy(() =>
  import('./screens/accept-invitation-screen').then((m) => ({ default: m.AcceptInvitationScreen })),
)

/** One lazy component per section, made once when this chunk loads; each loads its screen when first shown. */
const screens = new Map<BackOfficeSection, ComponentType>(
  [...vendorSections, ...adminSections].map((section) => [
    section,
    lazy(() => section.load().then((Component) => ({ default: Component }))),
  ]),
)

/** Where a caller without a session is sent: the log-in page, which brings them back here afterwards. */
export const loginHref = (pathname: string, search: string) =>
  `/login?next=${encodeURIComponent(pathname + search)}`

function Loading() {
  return (
    <p className={styles.message} role="status">
      Loading…
    </p>
  )
}

function ScreenError() {
  return (
    <p role="alert" className={`${styles.alert} ${styles.alertError}`}>
      This screen could not be loaded. Please reload the page.
    </p>
  )
}

function Refused({ area, pathname, search }: { area: BackOfficeArea; pathname: string; search: string }) {
  useDocumentTitle('Not allowed')
  return (
    <div className={styles.message}>
      <h1 className={styles.title}>Not allowed</h1>
      <p>
        {area === 'vendor'
          ? 'This page is for the staff of a shop on Larder.'
          : "This page is for Larder's operators."}{' '}
        Your account does not have access to it.
      </p>
      <p className={styles.actions}>
        <Link className="button-primary" to={loginHref(pathname, search)}>
          Log in as someone else
        </Link>
        <Link className="button-secondary" to="/">
          Back to the shop
        </Link>
      </p>
    </div>
  )
}

function Area({ area }: { area: BackOfficeArea }) {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const { isLoggedIn } = useSession()
  const token = readToken()
  const me = useQuery({
    queryKey: ['backoffice-me', area, token],
    queryFn: ({ signal }) => getMe(area, signal),
    enabled: isLoggedIn,
    retry: false,
    staleTime: 60_000,
  })
  const status = me.error instanceof ApiError ? me.error.status : undefined
  // No session, or one the server no longer takes: log in first, then come back to this very screen.
  const mustLogIn = !isLoggedIn || status === 401
  useEffect(() => {
    if (mustLogIn) navigate(loginHref(pathname, search), { replace: true })
  }, [mustLogIn, navigate, pathname, search])

  const section = sectionFor(area, pathname)
  const Screen = section ? screens.get(section) : undefined
  const areaTitle = area === 'vendor' ? 'Shop' : 'Operator'
  useDocumentTitle(section ? `${section.label} · ${areaTitle}` : areaTitle)

  if (mustLogIn) return <Loading />
  if (status === 403) return <Refused area={area} pathname={pathname} search={search} />
  if (me.isError) {
    return (
      <div className={styles.message}>
        <p role="alert" className={`${styles.alert} ${styles.alertError}`}>
          {me.error instanceof ApiError && me.error.fromServer
            ? me.error.message
            : 'The back office could not be reached. Please try again.'}
        </p>
        <button type="button" className="button-secondary" onClick={() => void me.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  if (!me.data) return <Loading />

  const heading = area === 'vendor' ? (me.data.shop?.companyName ?? 'Your shop') : 'Larder operator'
  return (
    <BackOfficeContext.Provider value={{ area, me: me.data }}>
      <div className={styles.shell}>
        <header className={styles.header}>
          <h1 className={styles.title}>{heading}</h1>
          <p className={styles.subtitle}>
            {me.data.firstName || me.data.email}
            {area === 'vendor' && me.data.shop ? ` · ${me.data.shop.city}` : ''}
          </p>
        </header>
        <nav
          className={styles.nav}
          aria-label={area === 'vendor' ? 'Shop back office' : 'Operator back office'}
        >
          <ul>
            {sectionsOf(area)
              .filter((entry) => !entry.hidden)
              .map((entry) => (
                <li key={entry.path}>
                  <Link
                    className={styles.navLink}
                    to={sectionHref(area, entry)}
                    aria-current={entry === section ? 'page' : undefined}
                  >
                    {entry.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <section className={styles.screen} aria-label={section?.label ?? 'Not found'}>
          {Screen ? (
            <ErrorBoundary fallback={ScreenError} resetKey={pathname}>
              <Suspense fallback={<Loading />}>{createElement(Screen)}</Suspense>
            </ErrorBoundary>
          ) : (
            <p>There is no such screen. Choose one from the menu.</p>
          )}
        </section>
      </div>
    </BackOfficeContext.Provider>
  )
}

/**
 * The page of /vendor/…, /admin/… and /accept-invitation: the back office, rendered in the browser (it
 * depends on who is looking). The role and the shop are checked by the server on every call; this page
 * only chooses what to show from the server's answers.
 */
export function BackOfficePage() {
  const { pathname } = useLocation()
  if (/^\/accept-invitation\/?$/i.test(pathname)) {
    return (
      <Suspense fallback={<Loading />}>
        <AcceptInvitationScreen />
      </Suspense>
    )
  }
  const area: BackOfficeArea = /^\/admin(\/|$)/i.test(pathname) ? 'admin' : 'vendor'
  // A new area (vendor ↔ admin) is a new screen: its queries and state start afresh.
  return <Area key={area} area={area} />
}
