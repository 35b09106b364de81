/**
 * Inline script of server-rendered pages, in `<head>` (compiled by the `?inline-script` import in
 * framework/ssr/page-head.ts; the server allows it by its hash in the CSP, decision 0021). This module runs when
 * loaded: import only its names (names.ts), never the module itself.
 *
 * Product cards below the fold are laid out only as they near the screen (`content-visibility: auto`);
 * until then each stands in at `--card-height`, which the page's grid takes from its first card, the one
 * laid out first (cards of one grid share a height: the name keeps two lines, the button sits at the
 * bottom). A wrong stand-in moves everything under a row as it comes into view, so a jump to the
 * pagination left Next elsewhere by the time it was clicked.
 *
 * After hydration `use-card-height.ts` keeps the figure for the grids React renders. Before it, this
 * script does, from the first frame on: a shopper who scrolls and clicks while the page's code is still
 * on its way meets the cards at their real height. It looks for grids at each frame while the page is
 * parsed (where the first paint waits for the whole page, decision 0015, the first frame finds them all)
 * and lets go of a grid once its first card is gone.
 */
import { cardHeightValue } from '../../lib/card-height-value'
import { CARD_GRID_ATTRIBUTE, CARD_HEIGHT_PROPERTY } from './names'

const watched: Element[] = []

/** Keeps the grid's stand-in height at its first card's, from the observer's first answer on. */
function watch(grid: HTMLElement) {
  const first = grid.firstElementChild
  if (!first || watched.indexOf(grid) >= 0) return
  watched.push(grid)
  new ResizeObserver((entries, observer) => {
    // Another page of results replaced the cards: use-card-height.ts has the grid now.
    if (first.parentNode !== grid) return observer.disconnect()
    // The content box: `contain-intrinsic-size` stands in for it, and padding is added as usual.
    const entry = entries[entries.length - 1]
    const height = entry ? entry.contentRect.height : 0
    // A card not laid out (or gone) measures 0 px, which is no stand-in for the others.
    if (height > 0) grid.style.setProperty(CARD_HEIGHT_PROPERTY, cardHeightValue(height))
  }).observe(first)
}

/** Watches the grids parsed so far, and looks again at the next frame until the page is parsed. */
function look() {
  const grids = document.querySelectorAll<HTMLElement>(`[${CARD_GRID_ATTRIBUTE}]`)
  for (const grid of grids) watch(grid)
  if (document.readyState === 'loading') requestAnimationFrame(look)
}

// Without ResizeObserver the stylesheet's stand-in stays, as it did before this script.
if (window.ResizeObserver) requestAnimationFrame(look)
