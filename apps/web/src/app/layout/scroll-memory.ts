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
