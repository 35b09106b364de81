import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MALL_SEARCH_DEBOUNCE_MS, MallSearch } from './mall-search'

afterEach(() => {
  vi.useRealTimers()
})

/** The box with the URL's search held by the test, so the URL can answer late, as it does on a busy page. */
function setup(initial = '') {
  vi.useFakeTimers()
  const onSearch = vi.fn<(text: string) => void>()
  const view = render(<MallSearch value={initial} onSearch={onSearch} />)
  const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search free items' })
  const urlShows = (value: string) => view.rerender(<MallSearch value={value} onSearch={onSearch} />)
  const type = (text: string) => fireEvent.change(box, { target: { value: text } })
  const pause = () => act(() => vi.advanceTimersByTime(MALL_SEARCH_DEBOUNCE_MS))
  return { box, onSearch, urlShows, type, pause }
}

describe('MallSearch', () => {
  it('keeps keys typed while the URL catches up with the search before them', () => {
    const { box, onSearch, urlShows, type, pause } = setup()
    type('cak')
    pause()
    expect(onSearch).toHaveBeenLastCalledWith('cak')
    type('cake')
    urlShows('cak')
    expect(box.value).toBe('cake')
    pause()
    expect(onSearch).toHaveBeenLastCalledWith('cake')
  })

  it('shows the search of a URL it did not ask for, as Back and Forward bring', () => {
    const { box, onSearch, urlShows, type, pause } = setup('bun')
    expect(box.value).toBe('bun')
    type('buns')
    pause()
    urlShows('buns')
    urlShows('bun')
    expect(box.value).toBe('bun')
    // Forward to the search the box itself once sent.
    urlShows('buns')
    expect(box.value).toBe('buns')
    expect(onSearch).toHaveBeenCalledTimes(1)
  })
})
