import { useEffect, useRef, type ReactNode } from 'react'
import { CartPanelHost } from '../../features/cart/cart-panel-host'
import { useLocation, useNavigationPending } from '../../lib/router'
import { Footer } from './footer'
import { Navbar } from './navbar'
import { RouteAnnouncer } from './route-announcer'
import { rememberScroll, scrollForReturn } from './scroll-memory'
import styles from './root-layout.module.css'

/** The bar that shows a navigation on its way; a leaf, so that showing it re-renders nothing else. */
function NavigationProgress() {
  return useNavigationPending() ? <div className={styles.progress} aria-hidden="true" /> : null
}

function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={styles.main} aria-busy={useNavigationPending()}>
      {children}
    </main>
  )
}

/** While the first page loads (RootHydrateFallback) the navigation is pending too, so both show it. */
function AppShell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <NavigationProgress />
      <Navbar />
      <Main>{children}</Main>
      <Footer />
      <CartPanelHost />
      <RouteAnnouncer />
    </>
  )
}

/**
 * Spec, cart side panel: every route change scrolls to the top. Hash-only changes (the skip link) don't,
 * nor do navigations marked `state: { selfScroll: true }`: the listing scrolls up smoothly on paging itself.
 * Back and Forward return to where the page was left (scroll-memory.ts), as they do between documents.
 */
function useScrollToTopOnNavigate() {
  const { pathname, search, state } = useLocation()
  const selfScroll =
    typeof state === 'object' && state !== null && 'selfScroll' in state && state.selfScroll === true
  const url = pathname + search
  // The page the app starts on keeps its scroll: the shopper may have scrolled a server-rendered page
  // before it hydrated, or the browser restored the position on a reload.
  const scrolledFor = useRef(url)
  useEffect(() => {
    const remember = () => rememberScroll(scrolledFor.current)
    window.addEventListener('scroll', remember, { passive: true })
    return () => window.removeEventListener('scroll', remember)
  }, [])
  useEffect(() => {
    if (scrolledFor.current === url) return
    scrolledFor.current = url
    const returnTo = scrollForReturn(url)
    if (returnTo !== null) window.scrollTo(0, returnTo)
    else if (!selfScroll) window.scrollTo(0, 0)
  }, [url, selfScroll])
}

/** The navbar, footer and cart panel around every page. */
export function RootLayout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigate()
  return <AppShell>{children}</AppShell>
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
    <AppShell>
      <PageLoading />
    </AppShell>
  )
}
