import { useEffect, useRef } from 'react'

/**
 * Keeps `--card-height` on a product grid at the height its first row's cards really take.
 *
 * Cards below the fold are not laid out (`content-visibility: auto`) and stand in at that height until
 * they are. Written in CSS as a guess, it was 30 px off on a wide screen and 50 px on a phone, so each row
 * that came into view moved everything under it: a jump to the pagination left Next somewhere else by the
 * time it was clicked. Cards all have one height in a given grid (the name keeps two lines, the button sits
 * at the bottom), so the first one tells the rest. Until it has been laid out it reports the stand-in
 * height itself, which changes nothing.
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
      if (entry) grid.style.setProperty('--card-height', `${entry.contentRect.height}px`)
    })
    observer.observe(first)
    return () => observer.disconnect()
  }, [key])
  return gridRef
}
