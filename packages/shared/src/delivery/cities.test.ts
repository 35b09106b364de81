import { describe, expect, it } from 'vitest'
import { DELIVERY_CITY_CHOICES, haversineKm } from './cities'

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
})
