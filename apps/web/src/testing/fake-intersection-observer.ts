import { act } from 'react'
import { vi } from 'vitest'

// jsdom has no IntersectionObserver; this one reports an element only when a test says it came into view.
const observers: FakeIntersectionObserver[] = []

class FakeIntersectionObserver implements IntersectionObserver {
  readonly root = null
  readonly rootMargin = ''
  readonly thresholds = []
  readonly observed = new Set<Element>()
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.push(this)
  }
  observe(element: Element) {
    this.observed.add(element)
  }
  unobserve(element: Element) {
    this.observed.delete(element)
  }
  disconnect() {
    this.observed.clear()
  }
  takeRecords() {
    return []
  }
  reveal(element: Element) {
    const rect = element.getBoundingClientRect()
    this.callback(
      [
        {
          target: element,
          isIntersecting: true,
          intersectionRatio: 1,
          boundingClientRect: rect,
          intersectionRect: rect,
          rootBounds: null,
          time: 0,
        },
      ],
      this,
    )
  }
}

/** Puts the fake in place of IntersectionObserver (undo with `vi.unstubAllGlobals()`), forgetting earlier ones. */
export function installFakeIntersectionObserver() {
  observers.length = 0
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
}

/** Every element some observer is watching now. */
export const watchedElements = () => observers.flatMap((observer) => [...observer.observed])

/** Tells every observer watching the element that it has come into view. */
export function scrollIntoView(element: Element) {
  act(() => {
    for (const observer of observers) if (observer.observed.has(element)) observer.reveal(element)
  })
}
