/**
 * Query options of the screens showing what shoppers change (orders, Today's figures, messages): read afresh
 * each time the screen opens, so a new order shows on the next visit to Today rather than a minute later.
 */
export const FRESH_ON_OPEN = { staleTime: 0 } as const
