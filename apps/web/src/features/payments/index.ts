/**
 * Payments (the server's `payments` module, the shared `payments/`): the hosted payment link an order is
 * paid through, and the Google Pay test page. The page is reached through the route table
 * (app/router.tsx) as a chunk of its own, so it is not exported here.
 */
export { createPaymentLink } from './api/create-payment-link'
