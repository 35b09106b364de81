/**
 * Where each page was left, by URL, so that Back and Forward return to it, as a browser does between
 * documents. Its own scroll restoration does not serve an app that renders the next page after the
 * history step: it restores against the page being left, often shorter, and the position is lost.
 */
const positions = new Map<string, number>()

let poppedTo: string | null = null

const currentUrl = () => location.pathname + location.search

// Registered as this module loads, before the router subscribes: on every Back and Forward it runs first.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    poppedTo = currentUrl()
  })
  // Between the app's own pages the app restores (restoreScroll). The browser's restoration scrolled the
  // page being left at the moment of Back, clamped to its height (1 931 on a 2 775 px product page), and
  // its scroll anchoring then carried that into the listing coming back (to its bottom, 4 874), before
  // the restore. Handed back to the browser as the document goes (a reload, a link to another site), so
  // that a document it loads again is restored as usual.
  if ('scrollRestoration' in history) {
    history.scrollRestoration = 'manual'
    window.addEventListener('pagehide', () => {
      history.scrollRestoration = 'auto'
    })
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) history.scrollRestoration = 'manual'
    })
  }
}

/**
 * Keeps the position of the page shown for `url`. Once the history has moved on (a link, Back), the next
 * page is coming, and a scroll then (the browser clamping to a shorter page) is not where `url` was left.
 */
export function rememberScroll(url: string): void {
  if (currentUrl() === url) positions.set(url, window.scrollY)
}

/**
 * Where to put the page just rendered for `url`: where it was left when Back or Forward brought it back
 * (0 if it was never left), null after any other navigation. Answers once per history step.
 */
export function scrollForReturn(url: string): number | null {
  const returned = poppedTo === url
  poppedTo = null
  return returned ? (positions.get(url) ?? 0) : null
}

/**
 * How long a return holds its position once the page has stopped changing size: rows laid out late,
 * pictures and the cards' measured height arrive within it.
 */
const RESTORE_QUIET_MS = 1000
/** The longest a return holds its position in all, however long the page keeps changing. */
const RESTORE_PATIENCE_MS = 5000

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

let stopPending: () => void = () => {}

/** Ends a restore still waiting for its page, when another navigation takes the window elsewhere. */
export function stopRestoring(): void {
  stopPending()
}

/**
 * Scrolls to `top` and holds it there while the page is still settling: if the page is too short to
 * reach it (rows below the first screen laid out late, pictures still sizing), or reaches it and then
 * changes above it (the cards' stand-in height replaced by the measured one), it scrolls there again each
 * time the page changes size, as a browser does when it restores a document that is still loading.
 * Meanwhile the browser's scroll anchoring is off (`html[data-restoring-scroll]` in styles/global.css):
 * it would keep the rows in view as rows above them change height, and carry the page away from `top`
 * in the same frame as our correction. It stops once the shopper scrolls or clicks themselves, once the
 * page has kept its size for RESTORE_QUIET_MS, or after RESTORE_PATIENCE_MS.
 *
 * The position is held even when the first scroll reaches it: on a 390 px phone the listing rendered
 * again after Back came in 138 px taller than it was left (its cards at the stylesheet's stand-in height
 * until one was measured, use-card-height.ts) and shrank after the restore, with anchoring on.
 */
export function restoreScroll(top: number): void {
  stopRestoring()
  window.scrollTo(0, top)
  if (typeof ResizeObserver === 'undefined') return

  const root = document.documentElement
  root.dataset.restoringScroll = ''
  let quiet = window.setTimeout(stop, RESTORE_QUIET_MS)
  const observer = new ResizeObserver(() => {
    if (Math.abs(window.scrollY - top) >= 1) window.scrollTo(0, top)
    window.clearTimeout(quiet)
    quiet = window.setTimeout(stop, RESTORE_QUIET_MS)
  })
  const timer = window.setTimeout(stop, RESTORE_PATIENCE_MS)
  function stop() {
    stopPending = () => {}
    observer.disconnect()
    window.clearTimeout(timer)
    window.clearTimeout(quiet)
    delete root.dataset.restoringScroll
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop, true)
  }
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true })
  observer.observe(document.body)
  stopPending = stop
}
