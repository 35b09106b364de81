/**
 * Orders (the server's `orders` and `payments` modules, the shared `orders/` and `payments/`): the
 * checkout form that places an order, its payment page, and the order confirmation; nothing of it is used
 * elsewhere. Pages are reached through
 * the route table (app/router.tsx), each a chunk of its own, so no page is exported here.
 */
export {}
