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

/** How long a return keeps waiting for the page to grow tall enough: pictures and late rows arrive by then. */
const RESTORE_PATIENCE_MS = 2000

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

let stopPending: () => void = () => {}

/** Ends a restore still waiting for its page, when another navigation takes the window elsewhere. */
export function stopRestoring(): void {
  stopPending()
}

/**
 * Scrolls to `top`, and if the page is still too short to reach it (rows below the first screen laid out
 * late, pictures still sizing), scrolls there again each time the page grows, as a browser does when it
 * restores a document that is still loading. Meanwhile the browser's scroll anchoring is off
 * (`html[data-restoring-scroll]` in styles/global.css): it would keep
 * the clamped position's rows in view as rows arrive above them, and carry the page away from `top` in the
 * same frame as our correction. It stops once the shopper scrolls or clicks themselves, or
 * RESTORE_PATIENCE_MS have passed.
 */
export function restoreScroll(top: number): void {
  stopRestoring()
  window.scrollTo(0, top)
  if (Math.abs(window.scrollY - top) < 1 || typeof ResizeObserver === 'undefined') return

  const root = document.documentElement
  root.dataset.restoringScroll = ''
  const observer = new ResizeObserver(() => {
    if (Math.abs(window.scrollY - top) >= 1) window.scrollTo(0, top)
  })
  const timer = window.setTimeout(stop, RESTORE_PATIENCE_MS)
  function stop() {
    stopPending = () => {}
    observer.disconnect()
    window.clearTimeout(timer)
    delete root.dataset.restoringScroll
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop, true)
  }
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true })
  observer.observe(document.body)
  stopPending = stop
}
