import { useEffect, useLayoutEffect, useRef } from 'react'
import { CARD_HEIGHT_PROPERTY } from '../../../framework/inline-scripts/names'

// Layout effects only in the browser: on the server React would warn, and there is nothing to measure.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** The last height measured for a grid of each width: cards of one width are as tall on any page. */
const measured = new Map<number, string>()

/**
 * Keeps `--card-height` on a product grid at the height its first card really takes: the stand-in
 * height of the cards below the fold that are not laid out yet (src/framework/inline-scripts/card-height.ts, whose
 * inline script does the same on a server-rendered page until its code has come). Written in CSS as a
 * guess, it was 30 px off on a wide screen and 50 px on a phone. Until the first card has been laid out
 * it reports the stand-in height itself, which changes nothing.
 *
 * A grid rendered again at a width already measured (a listing after Back) starts, before its first
 * paint, from that measure rather than the guess: the page is then as tall as when it was left, so the
 * position Back restores shows the same cards.
 */
export function useCardHeight<T extends HTMLElement>(key: unknown) {
  const gridRef = useRef<T>(null)
  useBrowserLayoutEffect(() => {
    const grid = gridRef.current
    const known = grid ? measured.get(grid.clientWidth) : undefined
    if (grid && known && !grid.style.getPropertyValue(CARD_HEIGHT_PROPERTY))
      grid.style.setProperty(CARD_HEIGHT_PROPERTY, known)
  }, [])
  useEffect(() => {
    const grid = gridRef.current
    const first = grid?.firstElementChild
    // Browsers without ResizeObserver keep the guess in the stylesheet.
    if (!grid || !first || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return
      // The content box: `contain-intrinsic-size` stands in for it, and padding is added as usual.
      const height = `${entry.contentRect.height}px`
      grid.style.setProperty(CARD_HEIGHT_PROPERTY, height)
      measured.set(grid.clientWidth, height)
    })
    observer.observe(first)
    return () => observer.disconnect()
  }, [key])
  return gridRef
}
