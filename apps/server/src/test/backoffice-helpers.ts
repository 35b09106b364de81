import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { DEMO_ADMIN, DEMO_VENDOR_PASSWORD, ensureDemoAccounts } from '../db/seed/demo-accounts'
import { logIn, nextIp, register } from './accounts-helpers'
import { xsrfHeaders } from './test-app'

/** Shop A and shop B of the demo catalogue: their ids, which are their first members' account ids. */
export const SHOP_A = 'user-1'
export const SHOP_B = 'user-2'

export interface BackOfficeSessions {
  admin: string
  /** Staff of SHOP_A. */
  vendorA: string
  /** Staff of SHOP_B. */
  vendorB: string
  customer: string
}

/** The demo's back-office accounts with their passwords, and a session for each kind of caller. */
export async function backOfficeSessions(app: FastifyInstance, db: Database): Promise<BackOfficeSessions> {
  await ensureDemoAccounts(db, { passwords: true })
  const shopper = await register(app)
  return {
    admin: await logIn(app, DEMO_ADMIN.email, DEMO_ADMIN.password),
    vendorA: await logIn(app, 'vendor1@larder.test', DEMO_VENDOR_PASSWORD),
    vendorB: await logIn(app, 'vendor2@larder.test', DEMO_VENDOR_PASSWORD),
    customer: await logIn(app, shopper.login, shopper.password),
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A request as a browser would send it: the XSRF pair, and the session's bearer token when given. */
export function call(
  app: FastifyInstance,
  token: string | undefined,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { ...xsrfHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}
