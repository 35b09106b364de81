import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { subscribe, TOPICS } from '../../lib/notifications'
import { CitySelector } from './city-selector'
import { setDeliveryCity, useDeliveryCity } from './delivery-city'

afterEach(() => {
  act(() => setDeliveryCity(null))
})

describe('delivery city', () => {
  it('starts empty and is shared by every component, broadcasting CITY_SELECTED', () => {
    const heard = vi.fn()
    const unsubscribe = subscribe(TOPICS.CITY_SELECTED, heard)
    const first = renderHook(() => useDeliveryCity())
    const second = renderHook(() => useDeliveryCity())
    expect(first.result.current).toMatchObject({ city: null, canAddToCart: false })
    act(() => first.result.current.setCity('Wembley'))
    expect(second.result.current).toMatchObject({ city: 'Wembley', canAddToCart: true })
    expect(heard).toHaveBeenCalledWith({ topic: 'CITY_SELECTED', message: 'Wembley' })
    act(() => second.result.current.setCity('Other'))
    expect(first.result.current.canAddToCart).toBe(false)
    unsubscribe()
  })

  it('offers the fifteen towns and Other, with nothing chosen at first', async () => {
    render(<CitySelector />)
    const select = screen.getByRole('combobox', { name: 'Delivery town' })
    expect(select).toHaveValue('')
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toHaveLength(17)
    expect(options.at(-1)).toBe('Other')
    await userEvent.setup().selectOptions(select, 'Harrow')
    expect(select).toHaveValue('Harrow')
  })

  it('chooses the nearest delivery town from the location, or Other outside the area', async () => {
    const at = (latitude: number, longitude: number) => (success: PositionCallback) =>
      success({ coords: { latitude, longitude } } as GeolocationPosition)
    const getCurrentPosition = vi.fn(at(51.5136, -0.3049))
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } })
    render(<CitySelector />)
    const select = screen.getByRole('combobox', { name: 'Delivery town' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Use my location' }))
    await waitFor(() => expect(select).toHaveValue('Ealing'))
    expect(deliveryCityNow().canAddToCart).toBe(true)

    getCurrentPosition.mockImplementation(at(48.8566, 2.3522)) // Paris
    await user.click(await screen.findByRole('button', { name: 'Use my location' }))
    await waitFor(() => expect(select).toHaveValue('Other'))
    expect(deliveryCityNow().canAddToCart).toBe(false)
  })

  it('explains a location failure politely', async () => {
    const getCurrentPosition = vi.fn((_success: PositionCallback, failure?: PositionErrorCallback | null) =>
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    )
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    render(<CitySelector />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use my location' }))
    expect(warn).toHaveBeenCalled()
    expect(screen.getByText(/could not read your location/)).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Delivery town' })).toHaveValue('')
  })
})

/** What every component using the delivery city sees now. */
function deliveryCityNow() {
  return renderHook(() => useDeliveryCity()).result.current
}
