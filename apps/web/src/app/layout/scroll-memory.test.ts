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

  it("turns the browser's scroll anchoring off while it waits, and back on after", () => {
    pageHeight = 1602
    restoreScroll(1941)
    expect(document.documentElement.dataset.restoringScroll).toBe('')
    vi.advanceTimersByTime(2000)
    expect(document.documentElement.dataset.restoringScroll).toBeUndefined()
  })

  it('leaves the page alone once the shopper scrolls or the patience runs out', () => {
    pageHeight = 1000
    restoreScroll(1941)
    window.dispatchEvent(new Event('wheel'))
    pageHeight = 3000
    growPage()
    expect(window.scrollY).toBe(1000)

    pageHeight = 1000
    restoreScroll(1941)
    vi.advanceTimersByTime(2000)
    pageHeight = 3000
    growPage()
    expect(window.scrollY).toBe(1000)
  })
})
