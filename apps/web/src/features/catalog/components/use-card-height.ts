import { useEffect, useRef } from 'react'
import { CARD_HEIGHT_PROPERTY } from '../../../framework/inline-scripts/names'

/**
 * Keeps `--card-height` on a product grid at the height its first card really takes: the stand-in
 * height of the cards below the fold that are not laid out yet (src/framework/inline-scripts/card-height.ts, whose
 * inline script does the same on a server-rendered page until its code has come). Written in CSS as a
 * guess, it was 30 px off on a wide screen and 50 px on a phone. Until the first card has been laid out
 * it reports the stand-in height itself, which changes nothing.
 */
export function useCardHeight<T extends HTMLElement>(key: unknown) {
  const gridRef = useRef<T>(null)
  useEffect(() => {
    const grid = gridRef.current
    const first = grid?.firstElementChild
    // Browsers without ResizeObserver keep the guess in the stylesheet.
    if (!grid || !first || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      // The content box: `contain-intrinsic-size` stands in for it, and padding is added as usual.
      if (entry) grid.style.setProperty(CARD_HEIGHT_PROPERTY, `${entry.contentRect.height}px`)
    })
    observer.observe(first)
    return () => observer.disconnect()
  }, [key])
  return gridRef
}
