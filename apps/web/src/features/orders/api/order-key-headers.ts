import { ORDER_KEY_HEADER } from '@larder/shared'

/**
 * The header that opens an order to the browser holding its key (checkout-marker.ts), or none: a call
 * without it is judged by the session alone.
 */
export const orderKeyHeaders = (orderKey: string | undefined): Record<string, string> =>
  orderKey === undefined ? {} : { [ORDER_KEY_HEADER]: orderKey }
