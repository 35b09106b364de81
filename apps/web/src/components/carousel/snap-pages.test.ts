import { describe, expect, it } from 'vitest'
import {
  canScrollNext,
  canScrollPrev,
  currentSlide,
  nextPageStart,
  previousPageStart,
  type SnapLayout,
} from './snap-pages'

/** `count` slides of `width` px with `gap` px between them, in a view `clientWidth` px wide. */
function row(count: number, width: number, gap: number, clientWidth: number, scrollLeft: number): SnapLayout {
  const starts = Array.from({ length: count }, (_, i) => i * (width + gap))
  return {
    starts,
    widths: starts.map(() => width),
    scrollLeft,
    clientWidth,
    maxScroll: count * width + (count - 1) * gap - clientWidth,
  }
}

// Four 235 px cards with 16 px gaps fill a 988 px view, as on a desktop home page row.
const cards = (scrollLeft: number) => row(10, 235, 16, 988, scrollLeft)
// One slide per view, as in the hero.
const hero = (scrollLeft: number) => row(3, 800, 0, 800, scrollLeft)

describe('a row of several cards per view', () => {
  it('pages forward to the first card not wholly in view, and stops at the end', () => {
    expect(nextPageStart(cards(0))).toBe(4 * 251)
    expect(nextPageStart(cards(4 * 251))).toBe(1506)
    expect(cards(1506).maxScroll).toBe(1506)
    expect(nextPageStart(cards(1506))).toBeNull()
    expect(canScrollNext(cards(1506))).toBe(false)
    expect(canScrollNext(cards(1503))).toBe(true)
  })

  it('pages back to show the cards a page forward hid', () => {
    expect(previousPageStart(cards(4 * 251))).toBe(0)
    // At the end cards 6 to 9 are in view; a page back shows 2 to 5.
    expect(previousPageStart(cards(1506))).toBe(2 * 251)
    expect(previousPageStart(cards(0))).toBeNull()
    expect(canScrollPrev(cards(1))).toBe(false)
  })

  it('takes a position within a pixel or two of a snap for the snap', () => {
    expect(nextPageStart(cards(0.5))).toBe(4 * 251)
    expect(currentSlide(cards(4 * 251 - 1.5))).toBe(4)
  })
})

describe('one slide per view', () => {
  it('names the slide nearest the start of the view as current', () => {
    expect(currentSlide(hero(0))).toBe(0)
    expect(currentSlide(hero(390))).toBe(0)
    expect(currentSlide(hero(410))).toBe(1)
    expect(currentSlide(hero(1600))).toBe(2)
  })

  it('moves one slide each way', () => {
    expect(nextPageStart(hero(0))).toBe(800)
    expect(nextPageStart(hero(800))).toBe(1600)
    expect(nextPageStart(hero(1600))).toBeNull()
    expect(previousPageStart(hero(1600))).toBe(800)
    expect(previousPageStart(hero(800))).toBe(0)
  })
})

describe('a view that cannot scroll', () => {
  it('has nowhere to go', () => {
    const still = row(2, 100, 10, 400, 0)
    expect(still.maxScroll).toBeLessThan(0)
    expect(nextPageStart(still)).toBeNull()
    expect(previousPageStart(still)).toBeNull()
    expect(currentSlide(still)).toBe(0)
  })
})
