import { OTHER_CITY } from '@larder/shared'
import { useCallback, useSyncExternalStore } from 'react'
import { publish, TOPICS } from '../../lib/notifications'

// In memory on purpose: the spec says the selector starts empty, so a reload forgets the town.
let currentCity: string | null = null
const listeners = new Set<() => void>()

function subscribe(onChange: () => void) {
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
  }
}

const readCity = () => currentCity

export function getDeliveryCity(): string | null {
  return currentCity
}

/** Every selector and card shares this one value; the choice is broadcast as CITY_SELECTED. */
export function setDeliveryCity(city: string | null) {
  const next = city !== null && city.trim() !== '' ? city : null
  if (next === currentCity) return
  currentCity = next
  for (const listener of [...listeners]) listener()
  publish(TOPICS.CITY_SELECTED, next ?? '')
}

/** Add to Cart is disabled when no town is chosen or the town is 'Other'. */
export function canDeliverTo(city: string | null): boolean {
  return city !== null && city !== OTHER_CITY
}

export function useDeliveryCity() {
  const city = useSyncExternalStore(subscribe, readCity, readCity)
  const setCity = useCallback((value: string | null) => setDeliveryCity(value), [])
  return { city, setCity, canAddToCart: canDeliverTo(city) }
}
