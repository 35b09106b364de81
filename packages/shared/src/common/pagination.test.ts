import { describe, expect, it } from 'vitest'
import { lastPage, paginationWindow } from './pagination'

describe('paginationWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(paginationWindow(0, 1)).toEqual([0])
    expect(paginationWindow(2, 5)).toEqual([0, 1, 2, 3, 4])
    expect(paginationWindow(0, 0)).toEqual([])
  })

  it('keeps the current page in the middle with gaps marked on both sides', () => {
    expect(paginationWindow(0, 10)).toEqual([0, 1, 2, 3, 4, null])
    expect(paginationWindow(5, 10)).toEqual([null, 3, 4, 5, 6, 7, null])
    expect(paginationWindow(9, 10)).toEqual([null, 5, 6, 7, 8, 9])
  })

  it('never shows more than five numbers, and always the current one', () => {
    for (let pages = 1; pages < 30; pages++) {
      for (let current = 0; current < pages; current++) {
        const window = paginationWindow(current, pages)
        const numbers = window.filter((p): p is number => p !== null)
        expect(numbers.length).toBeLessThanOrEqual(5)
        expect(numbers).toContain(current)
        expect(numbers.every((p) => p >= 0 && p < pages)).toBe(true)
      }
    }
  })
})

describe('lastPage', () => {
  it('rounds the last page up', () => {
    expect(lastPage(41, 20)).toBe(3)
    expect(lastPage(40, 20)).toBe(2)
    expect(lastPage(0, 20)).toBe(0)
  })
})
