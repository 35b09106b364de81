/**
 * The delivery town: its store and the selector that sets it.
 */
export { CitySelector } from './city-selector'
export { setDeliveryCity, useDeliveryCity } from './delivery-city'
