import { useCallback, useEffect, useRef, useState } from 'react'
import {
  canScrollNext,
  canScrollPrev,
  currentSlide,
  nextPageStart,
  previousPageStart,
  type SnapLayout,
} from './snap-pages'

export interface SnapCarouselState {
  /** The slide nearest the start of the view. */
  selected: number
  canPrev: boolean
  canNext: boolean
}

// The server's render and the browser's first one: nothing is measured until the page is live.
const UNMEASURED: SnapCarouselState = { selected: 0, canPrev: false, canNext: false }

/** The slides are the children of the viewport's only child (the track). */
function measure(viewport: HTMLElement, scrollLeft: number): SnapLayout {
  const rects = Array.from(viewport.firstElementChild?.children ?? [], (slide) =>
    slide.getBoundingClientRect(),
  )
  const origin = viewport.getBoundingClientRect().left + viewport.clientLeft - viewport.scrollLeft
  return {
    starts: rects.map((rect) => rect.left - origin),
    widths: rects.map((rect) => rect.width),
    scrollLeft,
    clientWidth: viewport.clientWidth,
    maxScroll: viewport.scrollWidth - viewport.clientWidth,
  }
}

function sameState(a: SnapCarouselState, b: SnapCarouselState): boolean {
  return a.selected === b.selected && a.canPrev === b.canPrev && a.canNext === b.canNext
}

interface SnapCarouselOptions {
  /** Re-measures when the slides change. */
  slideCount: number
  /** Next on the last page goes back to the first, and previous on the first to the last. */
  loop?: boolean
}

/**
 * A carousel on the browser's own scrolling (CSS scroll-snap, so touch swipes, wheels and arrow keys just
 * work): which slide is current and whether each way is open, from the viewport's scroll events, and
 * buttons' moves by a page. Give `viewportRef` to the scrolling element, whose only child holds the slides.
 */
export function useSnapCarousel({ slideCount, loop = false }: SnapCarouselOptions) {
  // A ref, not state: a state setter as the ref would update inside hydration's commit, and React renders
  // such updates synchronously in the same task, so the whole carousel would render twice in one long task.
  const viewportRef = useRef<HTMLDivElement>(null)
  const [state, setState] = useState(UNMEASURED)
  // Where a smooth scroll started by a button is going, so that a second quick press counts from there
  // rather than from wherever the animation has got to. Browsers without `scrollend` never set it.
  const heading = useRef<number | null>(null)

  useEffect(() => {
    const viewport = viewportRef.current
    if (!viewport) return
    const update = () => {
      const layout = measure(viewport, viewport.scrollLeft)
      const next = {
        selected: currentSlide(layout),
        canPrev: canScrollPrev(layout),
        canNext: canScrollNext(layout),
      }
      setState((previous) => (sameState(previous, next) ? previous : next))
    }
    const arrived = () => {
      heading.current = null
    }
    update()
    viewport.addEventListener('scroll', update, { passive: true })
    viewport.addEventListener('scrollend', arrived)
    // Slide widths follow the viewport's width (the breakpoints), so the pages do too.
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update)
    resize?.observe(viewport)
    return () => {
      viewport.removeEventListener('scroll', update)
      viewport.removeEventListener('scrollend', arrived)
      resize?.disconnect()
    }
  }, [slideCount])

  const go = useCallback((pick: (layout: SnapLayout) => number | null) => {
    const viewport = viewportRef.current
    if (!viewport) return
    const layout = measure(viewport, heading.current ?? viewport.scrollLeft)
    const left = pick(layout)
    if (left === null || Math.abs(left - viewport.scrollLeft) < 1) return
    if ('onscrollend' in viewport) heading.current = left
    // Smooth or instant as the stylesheet says (prefers-reduced-motion), and snapped like any scroll.
    viewport.scrollTo({ left })
  }, [])

  const scrollNext = useCallback(() => go((layout) => nextPageStart(layout) ?? (loop ? 0 : null)), [go, loop])
  const scrollPrev = useCallback(
    () => go((layout) => previousPageStart(layout) ?? (loop ? layout.maxScroll : null)),
    [go, loop],
  )
  const scrollTo = useCallback(
    (index: number) => go((layout) => Math.min(layout.starts[index] ?? 0, layout.maxScroll)),
    [go],
  )

  return { viewportRef, ...state, scrollNext, scrollPrev, scrollTo }
}
