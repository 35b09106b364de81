/**
 * Accounts (the server's `accounts` module, the shared `accounts/`): log-in, registration, password resets,
 * sessions and the account page with its order history. What other features and app/ may use of them;
 * the pages are reached through the route table (app/router.tsx).
 */
export { accountQueryKey, useAccount } from './api/get-account'
export { useLogout } from './hooks/use-logout'
