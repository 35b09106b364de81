/** A scroll-snap carousel's geometry, in its viewport's scroll coordinates (px). */
export interface SnapLayout {
  /** Where each slide starts, from the start of the scrollable area. */
  starts: readonly number[]
  widths: readonly number[]
  scrollLeft: number
  clientWidth: number
  maxScroll: number
}

// Sub-pixel layouts (zoom, percentages) never land exactly on a snap position.
const SLACK = 2

export function canScrollPrev(layout: SnapLayout): boolean {
  return layout.scrollLeft > SLACK
}

export function canScrollNext(layout: SnapLayout): boolean {
  return layout.scrollLeft < layout.maxScroll - SLACK
}

/** The slide nearest the start of the view. */
export function currentSlide({ starts, scrollLeft }: SnapLayout): number {
  let best = 0
  starts.forEach((start, index) => {
    if (Math.abs(start - scrollLeft) < Math.abs((starts[best] ?? 0) - scrollLeft)) best = index
  })
  return best
}

/** Where the next page starts: at the first slide not wholly in view. Null at the end. */
export function nextPageStart(layout: SnapLayout): number | null {
  if (!canScrollNext(layout)) return null
  const { starts, widths, scrollLeft, clientWidth, maxScroll } = layout
  const edge = scrollLeft + clientWidth + SLACK
  const index = starts.findIndex((start, i) => start + (widths[i] ?? 0) > edge)
  return index === -1 ? maxScroll : Math.min(starts[index] ?? maxScroll, maxScroll)
}

/**
 * Where the previous page starts: the earliest snap position that keeps the slide just before the view
 * wholly in view, so a page back shows the slides a page forward would have hidden. Null at the start.
 */
export function previousPageStart(layout: SnapLayout): number | null {
  if (!canScrollPrev(layout)) return null
  const { starts, widths, scrollLeft, clientWidth } = layout
  const firstInView = starts.findIndex((start) => start >= scrollLeft - SLACK)
  const before = (firstInView === -1 ? starts.length : firstInView) - 1
  if (before < 0) return 0
  const lastToShowEnd = (starts[before] ?? 0) + (widths[before] ?? 0)
  const target = starts.find((start) => start >= lastToShowEnd - clientWidth - SLACK) ?? 0
  return Math.max(0, target)
}
