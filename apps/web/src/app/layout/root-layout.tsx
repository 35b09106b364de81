import { useEffect, useRef, type ReactNode } from 'react'
import { CartPanelHost } from '../../features/cart'
import { useLocation, useNavigationPending } from '../../framework/routing/router'
import { Footer } from './footer'
import { Navbar } from './navbar'
import { RouteAnnouncer } from './route-announcer'
import { rememberScroll, restoreScroll, scrollForReturn, stopRestoring } from './scroll-memory'
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
    if (returnTo !== null) restoreScroll(returnTo)
    else {
      stopRestoring()
      if (!selfScroll) window.scrollTo(0, 0)
    }
  }, [url, selfScroll])
}

/**
 * After a move to another page, a keyboard or screen-reader user goes on from the top of the new page's
 * content, as after a page load: focus moves to `<main>` when it was left outside it (on a footer or
 * navbar link) or lost with a control that went away (a chosen suggestion, the phone menu). Focus a page
 * has put in its own content, or a link of the page that stays (the listing's category panel), is kept.
 * Changes of the query alone (search, filters, paging) keep the page, and the focus.
 */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation()
  const focusedFor = useRef(pathname)
  useEffect(() => {
    if (focusedFor.current === pathname) return
    focusedFor.current = pathname
    const main = document.getElementById('main')
    const active = document.activeElement
    if (main === null || (active !== null && active !== document.body && main.contains(active))) return
    main.focus({ preventScroll: true })
  }, [pathname])
}

/** The navbar, footer and cart panel around every page. */
export function RootLayout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigate()
  useFocusMainOnNavigate()
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
