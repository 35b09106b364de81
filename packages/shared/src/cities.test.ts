import { describe, expect, it } from 'vitest'
import { DELIVERY_CITY_CHOICES, DELIVERY_TOWNS, haversineKm, nearestTown } from './cities'

describe('delivery towns', () => {
  it('offers the fifteen towns of the spec and Other', () => {
    expect(DELIVERY_CITY_CHOICES).toEqual([
      'Greenford',
      'Wembley',
      'Barnet',
      'Northolt',
      'Pinner',
      'Stanmore',
      'Ruislip',
      'Queensbury',
      'Northwood',
      'Hayes',
      'Uxbridge',
      'Edgware',
      'Southall',
      'Ealing',
      'Harrow',
      'Other',
    ])
  })

  it('measures great-circle distances with a 6371 km earth', () => {
    // London to Paris is about 344 km on a 6371 km sphere.
    expect(haversineKm({ lat: 51.5072, lng: -0.1275 }, { lat: 48.8566, lng: 2.3522 })).toBeCloseTo(343.9, 0)
    expect(haversineKm({ lat: 51.5, lng: -0.3 }, { lat: 51.5, lng: -0.3 })).toBe(0)
  })

  it('picks each town as nearest to its own coordinates', () => {
    for (const town of DELIVERY_TOWNS) expect(nearestTown(town)).toBe(town.city)
  })

  it('picks the closest town for a point between towns', () => {
    // Wembley Stadium is nearest to Wembley; Heathrow is nearest to Hayes.
    expect(nearestTown({ lat: 51.556, lng: -0.2796 })).toBe('Wembley')
    expect(nearestTown({ lat: 51.47, lng: -0.4543 })).toBe('Hayes')
  })
})
