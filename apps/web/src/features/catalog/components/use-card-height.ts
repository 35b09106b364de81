import { useEffect, useLayoutEffect, useRef } from 'react'
import { cardHeightValue } from '../../../lib/card-height-value'
import { CARD_HEIGHT_PROPERTY } from '../../../framework/inline-scripts/names'

// Layout effects only in the browser: on the server React would warn, and there is nothing to measure.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** The last height measured for a grid of each width: cards of one width are as tall on any page. */
const measured = new Map<number, string>()

/** The first card has been laid out: not stood in by `content-visibility: auto` (off screen, or not yet). */
function laidOut(item: Element) {
  const card = item.firstElementChild
  // Browsers without checkVisibility's option take the size as it comes, as before it.
  return card === null || typeof card.checkVisibility !== 'function'
    ? true
    : card.checkVisibility({ contentVisibilityAuto: true })
}

/**
 * Keeps `--card-height` on a product grid at the height its first card really takes: the stand-in
 * height of the cards below the fold that are not laid out yet (src/framework/inline-scripts/card-height.ts, whose
 * inline script does the same on a server-rendered page until its code has come). Written in CSS as a
 * guess, it was 30 px off on a wide screen and 50 px on a phone. Until the first card has been
 * laid out it reports the stand-in height itself, which changes nothing.
 *
 * The rule, for a grid React renders (another page, a filter, Back): its cards stand in, from the first
 * frame it is painted in, at the height of its first card or, where that card is not laid out, at the
 * last height measured at the grid's width. So the observer starts in a layout effect, before the browser
 * next lays out and paints: its first answer comes within that frame, and the frame is laid out again
 * before it is painted. A grid rendered again at a width already measured (a listing after Back) starts
 * from that measure: the page is then as tall as when it was left, so the position Back restores shows
 * the same cards, even where its first card is scrolled past before it is laid out. Only a card laid out
 * gives a measure: the stand-in of an unseen one (a grid far below the fold) is no measure of a card.
 */
export function useCardHeight<T extends HTMLElement>(key: unknown) {
  const gridRef = useRef<T>(null)
  useBrowserLayoutEffect(() => {
    const grid = gridRef.current
    const first = grid?.firstElementChild
    if (!grid || !first) return
    const known = measured.get(grid.clientWidth)
    if (known && !grid.style.getPropertyValue(CARD_HEIGHT_PROPERTY))
      grid.style.setProperty(CARD_HEIGHT_PROPERTY, known)
    // Browsers without ResizeObserver keep the guess in the stylesheet.
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return
      // The content box: `contain-intrinsic-size` stands in for it, and padding is added as usual.
      const height = entry.contentRect.height
      // A card that is gone (another page of results) measures 0 px, which is no stand-in for the others.
      if (height <= 0) return
      const value = cardHeightValue(height)
      grid.style.setProperty(CARD_HEIGHT_PROPERTY, value)
      if (laidOut(first)) measured.set(grid.clientWidth, value)
    })
    observer.observe(first)
    return () => observer.disconnect()
  }, [key])
  return gridRef
}
