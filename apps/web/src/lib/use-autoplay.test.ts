import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAutoplay } from './use-autoplay'

describe('useAutoplay', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('steps every delay while running and not at all once stopped', () => {
    const step = vi.fn()
    const { rerender } = renderHook(({ running }) => useAutoplay(step, 4000, running, 0), {
      initialProps: { running: true },
    })
    vi.advanceTimersByTime(3999)
    expect(step).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(step).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(4000)
    expect(step).toHaveBeenCalledTimes(2)
    rerender({ running: false })
    vi.advanceTimersByTime(20_000)
    expect(step).toHaveBeenCalledTimes(2)
  })

  it('gives a newly shown slide its full time', () => {
    const step = vi.fn()
    const { rerender } = renderHook(({ slide }) => useAutoplay(step, 4000, true, slide), {
      initialProps: { slide: 0 },
    })
    vi.advanceTimersByTime(3000)
    rerender({ slide: 1 })
    vi.advanceTimersByTime(3000)
    expect(step).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(step).toHaveBeenCalledTimes(1)
  })
})
