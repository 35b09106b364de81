/**
 * The postcode districts (the outward code, `UB3` of `UB3 4DA`) Larder delivers to in each delivery town
 * (cities.ts): an order for a town must have a postcode in one of them. Districts are Royal Mail's; a
 * district that two towns share (HA3, HA8) is in both. Apart from cities.ts so that the pages that only
 * show the towns do not download them.
 */
import { DELIVERY_TOWNS, type DeliveryTown } from './cities'

export const POSTCODE_DISTRICTS: Record<DeliveryTown, readonly string[]> = {
  Greenford: ['UB6'],
  Wembley: ['HA0', 'HA9'],
  Barnet: ['EN4', 'EN5'],
  Northolt: ['UB5'],
  Pinner: ['HA5'],
  Stanmore: ['HA7'],
  Ruislip: ['HA4'],
  Queensbury: ['HA3', 'HA8', 'NW9'],
  Northwood: ['HA6'],
  Hayes: ['UB3', 'UB4'],
  Uxbridge: ['UB8', 'UB9', 'UB10', 'UB11'],
  Edgware: ['HA8'],
  Southall: ['UB1', 'UB2'],
  Ealing: ['W5', 'W13'],
  Harrow: ['HA1', 'HA2', 'HA3'],
}

/** The outward code (district) of a UK postcode, `UB3` of `ub3 4da`, or undefined if it is not one. */
export function postcodeDistrict(postcode: string): string | undefined {
  const match = /^\s*([A-Z]{1,2}\d[A-Z\d]?)\s*\d[A-Z]{2}\s*$/i.exec(postcode)
  return match?.[1]?.toUpperCase()
}

/** The delivery town of that name, or undefined. */
export function deliveryTown(city: string): (typeof DELIVERY_TOWNS)[number] | undefined {
  return DELIVERY_TOWNS.find((town) => town.city.toLowerCase() === city.trim().toLowerCase())
}

/** Whether Larder delivers to the postcode in that town: its district is one of the town's. */
export function deliversTo(town: (typeof DELIVERY_TOWNS)[number], postcode: string): boolean {
  const district = postcodeDistrict(postcode)
  return district !== undefined && POSTCODE_DISTRICTS[town.city].includes(district)
}

/** The refusal of a postcode outside the town's districts, naming the delivery area. */
export function deliveryAreaMessage(town: (typeof DELIVERY_TOWNS)[number]): string {
  const districts = POSTCODE_DISTRICTS[town.city].join(', ')
  return `We deliver to ${town.city} only at postcodes starting ${districts}. Please enter a postcode in that area, or choose another delivery town.`
}
