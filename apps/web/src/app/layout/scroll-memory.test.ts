import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { restoreScroll } from './scroll-memory'

/** A page whose height the test sets: scrolling clamps to it, as a browser's does. */
let pageHeight = 0
let growPage: () => void = () => {}

beforeEach(() => {
  vi.useFakeTimers()
  Object.defineProperty(window, 'scrollY', { value: 0, writable: true, configurable: true })
  vi.mocked(window.scrollTo).mockImplementation(((_x: number, y: number) => {
    window.scrollY = Math.min(y, pageHeight)
  }) as typeof window.scrollTo)
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        growPage = callback
      }
      observe() {}
      disconnect() {
        growPage = () => {}
      }
    },
  )
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('restoreScroll', () => {
  it('goes straight to a position the page already reaches', () => {
    pageHeight = 3000
    restoreScroll(1941)
    expect(window.scrollY).toBe(1941)
  })

  it('follows the page as it grows until the position is reached', () => {
    pageHeight = 1602
    restoreScroll(1941)
    expect(window.scrollY).toBe(1602)
    pageHeight = 1800
    growPage()
    expect(window.scrollY).toBe(1800)
    pageHeight = 2600
    growPage()
    expect(window.scrollY).toBe(1941)
  })

  it('holds a position it reached at once while the page above it still changes size', () => {
    pageHeight = 5718
    restoreScroll(1941)
    expect(window.scrollY).toBe(1941)
    // The browser's scroll anchoring (off meanwhile, but a browser may move it all the same) or the
    // page shrinking above the place carries the window off: the next change of size brings it back.
    window.scrollY = 1624
    pageHeight = 5580
    growPage()
    expect(window.scrollY).toBe(1941)
    expect(document.documentElement.dataset.restoringScroll).toBe('')
  })

  it("turns the browser's scroll anchoring off while the page settles, and back on once it is quiet", () => {
    pageHeight = 1602
    restoreScroll(1941)
    expect(document.documentElement.dataset.restoringScroll).toBe('')
    vi.advanceTimersByTime(900)
    pageHeight = 2600
    growPage()
    vi.advanceTimersByTime(900)
    expect(document.documentElement.dataset.restoringScroll).toBe('')
    vi.advanceTimersByTime(100)
    expect(document.documentElement.dataset.restoringScroll).toBeUndefined()
  })

  it('gives up after 5 seconds of a page that keeps changing', () => {
    pageHeight = 1000
    restoreScroll(1941)
    for (let waited = 0; waited < 5000; waited += 500) {
      vi.advanceTimersByTime(500)
      growPage()
    }
    expect(document.documentElement.dataset.restoringScroll).toBeUndefined()
    pageHeight = 3000
    growPage()
    expect(window.scrollY).toBe(1000)
  })

  it('leaves the page alone once the shopper scrolls or the page has settled', () => {
    pageHeight = 1000
    restoreScroll(1941)
    window.dispatchEvent(new Event('wheel'))
    pageHeight = 3000
    growPage()
    expect(window.scrollY).toBe(1000)

    pageHeight = 1000
    restoreScroll(1941)
    vi.advanceTimersByTime(1000)
    pageHeight = 3000
    growPage()
    expect(window.scrollY).toBe(1000)
  })
})
