import { useEffect, type ReactNode } from 'react'
import { Outlet, useLocation, useNavigation } from 'react-router'
import { Footer } from './footer'
import { Navbar } from './navbar'
import styles from './root-layout.module.css'

function AppShell({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      {busy && <div className={styles.progress} aria-hidden="true" />}
      <Navbar />
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={busy}>
        {children}
      </main>
      <Footer />
    </>
  )
}

/** Spec, cart side panel: every route change scrolls to the top. Hash-only changes (the skip link) don't. */
function useScrollToTopOnNavigate() {
  const { pathname, search } = useLocation()
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname, search])
}

export function RootLayout() {
  useScrollToTopOnNavigate()
  const navigation = useNavigation()
  return (
    <AppShell busy={navigation.state === 'loading'}>
      <Outlet />
    </AppShell>
  )
}

function PageLoading() {
  return (
    <p className={styles.loading} role="status">
      Loading…
    </p>
  )
}

/** Shown while the first page's code loads, so the navbar and footer paint without waiting for it. */
export function RootHydrateFallback() {
  return (
    <AppShell busy>
      <PageLoading />
    </AppShell>
  )
}
