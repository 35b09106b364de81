/**
 * Orders (the server's `orders` module, the shared `orders/`): the checkout form that places an order and
 * sends the shopper to its payment page, and the order confirmation; nothing of it is used elsewhere.
 * Pages are reached through the route table (app/router.tsx), each a chunk of its own, so no page is
 * exported here.
 */
export {}
