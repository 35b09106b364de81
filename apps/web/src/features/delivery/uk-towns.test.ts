import { DELIVERY_TOWNS, nearestDeliveryCity } from '@larder/shared'
import { describe, expect, it } from 'vitest'
import { UK_TOWNS } from './uk-towns'

describe('the nearest delivery town, among the UK towns', () => {
  it('picks each delivery town as nearest to its own coordinates', () => {
    for (const town of DELIVERY_TOWNS) expect(nearestDeliveryCity(town, UK_TOWNS)).toBe(town.city)
  })

  it('picks the delivery town a shopper in the area is nearest to', () => {
    const at = (lat: number, lng: number) => nearestDeliveryCity({ lat, lng }, UK_TOWNS)
    expect(at(51.581, -0.339), "St Ann's Road, Harrow").toBe('Harrow')
    expect(at(51.556, -0.2796), 'Wembley Stadium').toBe('Wembley')
    // Without the delivery town's own point, SimpleMaps' nearest town to the station is Kenton (1.7 km).
    expect(at(51.5942, -0.2861), 'Queensbury station').toBe('Queensbury')
    expect(at(51.503, -0.4206), 'Hayes & Harlington station').toBe('Hayes')
  })

  it('picks the nearest delivery town for places in the same boroughs that are not delivery towns', () => {
    const at = (lat: number, lng: number) => nearestDeliveryCity({ lat, lng }, UK_TOWNS)
    expect(at(51.601, -0.3743), 'Hatch End (Harrow)').toBe('Pinner')
    expect(at(51.5878, -0.3086), 'Kenton (Brent)').toBe('Queensbury')
    expect(at(51.5383, -0.3192), 'Perivale (Ealing)').toBe('Wembley')
    expect(at(51.558, -0.4484), 'Ickenham (Hillingdon)').toBe('Ruislip')
  })

  it('gives Other to a shopper nearer a town we do not deliver to', () => {
    const at = (lat: number, lng: number) => nearestDeliveryCity({ lat, lng }, UK_TOWNS)
    expect(at(48.8566, 2.3522), 'Paris').toBe('Other')
    expect(at(53.4808, -2.2426), 'Manchester').toBe('Other')
    expect(at(55.9533, -3.1883), 'Edinburgh').toBe('Other')
    expect(at(51.508, -0.1281), 'Trafalgar Square, nearest to London').toBe('Other')
    expect(at(51.378, 0.0192), 'Hayes in Bromley, not Hayes in Hillingdon').toBe('Other')
    expect(at(51.47, -0.4543), 'Heathrow, nearest to Stanwell').toBe('Other')
  })
})

describe('UK towns', () => {
  it('is the GB list of the spec, by falling population from London', () => {
    expect(UK_TOWNS.length).toBeGreaterThan(1000)
    expect(UK_TOWNS[0]).toEqual(['London', '51.5072', '-0.1275', 'London, City of', 'primary', '11262000'])
    const populations = UK_TOWNS.map((town) => Number(town[5]))
    expect(populations).toEqual([...populations].sort((a, b) => b - a))
  })

  it('holds the delivery towns at the coordinates we use, but for Queensbury, London', () => {
    // A tie between a delivery town and its SimpleMaps row goes to the delivery town; a drift would not.
    for (const town of DELIVERY_TOWNS.filter(({ city }) => city !== 'Queensbury')) {
      const row = UK_TOWNS.find(([city, , , adminName]) => city === town.city && adminName === town.adminName)
      expect(row && [Number(row[1]), Number(row[2])], town.city).toEqual([town.lat, town.lng])
    }
    expect(
      UK_TOWNS.filter(([city, , , adminName]) => city === 'Queensbury' && adminName === 'Brent'),
    ).toEqual([])
  })
})
