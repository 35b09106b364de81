import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../../../testing/fake-api'
import { renderRoutes } from '../../../testing/render-app'
import { makeProduct } from '../../../testing/test-product'
import { SearchBox, SEARCH_DEBOUNCE_MS } from './search-box'

const SUGGESTIONS = [
  makeProduct({ id: 11, productName: 'Cheddar, mature' }),
  makeProduct({ id: 12, productName: 'Cheddar, mild' }),
]

function setup(suggestions = SUGGESTIONS) {
  const SEARCH = 'GET /api/public/_search/products'
  const { log, sent } = fakeApi({ [SEARCH]: { body: suggestions } })
  const { router } = renderRoutes('/', [
    {
      path: '/',
      Component: () => (
        <>
          <SearchBox />
          <p>Outside the search</p>
        </>
      ),
    },
    { path: '/product-detail/:id', Component: () => <p>Detail page</p> },
    { path: '/products', Component: () => <p>Listing page</p> },
  ])
  const input = screen.getByRole('combobox', { name: 'Search products' })
  // Nothing but suggestions is asked for: any other request fails the test.
  const searchCalls = () => {
    expect(log).toHaveLength(sent(SEARCH).length)
    return sent(SEARCH).map((request) => request.query)
  }
  return { input, router, searchCalls }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('SearchBox', () => {
  it('asks for suggestions only once the typing has paused for 300 ms', async () => {
    vi.useFakeTimers()
    const { input, searchCalls } = setup()
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'ch' } })
    act(() => vi.advanceTimersByTime(200))
    fireEvent.change(input, { target: { value: 'ched' } })
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1))
    expect(searchCalls()).toHaveLength(0)
    await act(async () => vi.advanceTimersByTime(1))
    expect(searchCalls()).toHaveLength(1)
    expect(searchCalls()[0]?.get('query')).toBe('(ched)')
    expect(searchCalls()[0]?.get('size')).toBe('5')
    // Let the answer arrive; the query library schedules its updates on (fake) timers too.
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(screen.getAllByRole('option')).toHaveLength(2)
    expect(searchCalls()).toHaveLength(1)
  })

  it('never calls for blank text', async () => {
    vi.useFakeTimers()
    const { input, searchCalls } = setup()
    fireEvent.change(input, { target: { value: '   ' } })
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 3))
    expect(searchCalls()).toHaveLength(0)
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('opens the detail page of a chosen suggestion and clears the list', async () => {
    const { input, router } = setup()
    const user = userEvent.setup()
    await user.type(input, 'ched')
    const option = await screen.findByRole('option', { name: /Cheddar, mild/ })
    // The typed part of the name is marked.
    expect(option.querySelector('mark')).toHaveTextContent(/^Ched$/)
    await user.click(option)
    expect(router.pathname).toBe('/product-detail/12')
    expect(await screen.findByText('Detail page')).toBeInTheDocument()
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
  })

  it('can be driven by the keyboard: arrows move, Enter chooses, Escape closes', async () => {
    const { input, router } = setup()
    const user = userEvent.setup()
    await user.type(input, 'ched')
    await screen.findAllByRole('option')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(screen.getByRole('option', { name: /mild/ })).toHaveAttribute('aria-selected', 'true')
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /mild/ }).id)
    await user.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{ArrowDown}')
    await user.keyboard('{ArrowDown}{Enter}')
    expect(router.pathname).toBe('/product-detail/11')
  })

  it('closes the list on a click outside it', async () => {
    const { input } = setup()
    const user = userEvent.setup()
    await user.type(input, 'ched')
    expect(await screen.findByRole('listbox')).toBeVisible()
    await user.click(screen.getByText('Outside the search'))
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })

  it('searches with the button, and only warns for blank text', async () => {
    const { input, router } = setup()
    const user = userEvent.setup()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(router.pathname).toBe('/')
    await user.type(input, 'sour dough')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(router.pathname).toBe('/products')
    expect(router.search).toBe('?search=sour%20dough')
  })

  it('tells a screen reader how many suggestions there are, and when there are none', async () => {
    const { input } = setup([])
    const user = userEvent.setup()
    await user.type(input, 'zzqx')
    expect(await screen.findByText('No suggestions')).toBeInTheDocument()
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
    await user.clear(input)
    expect(screen.queryByText('No suggestions')).not.toBeInTheDocument()
  })

  it('says how many suggestions are available', async () => {
    const { input } = setup()
    const user = userEvent.setup()
    await user.type(input, 'ched')
    expect(await screen.findByText('2 suggestions available')).toBeInTheDocument()
  })
})
