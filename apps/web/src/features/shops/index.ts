/**
 * The vendor shops: the list, which the catalogue's shop filters use as well.
 */
export { useShops } from './api/get-shops'
