/**
 * Accounts and sessions: what other features and app/ may use of them. The log-in, register and
 * password pages are reached through the route table (app/router.tsx).
 */
export { accountQueryKey, useAccount } from './api/get-account'
export { useLogout } from './hooks/use-logout'
