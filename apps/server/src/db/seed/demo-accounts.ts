import { and, eq, inArray, isNull } from 'drizzle-orm'
import { hashPassword } from '../../modules/accounts/password-hasher'
import type { Database } from '../client'
import { users } from '../schema'
import { generateVendors } from './generate'

/**
 * The demo's back-office accounts: one operator, and the first member of each demo shop (the shop's own
 * vendor account). Their passwords are public, in this file and on the console of `npm start`, so they are
 * given only outside production; in production the accounts exist without a password and cannot log in.
 */
export const DEMO_ADMIN = {
  id: 'admin-1',
  login: 'admin',
  email: 'admin@larder.test',
  password: 'larder-admin-demo',
} as const
export const DEMO_VENDOR_PASSWORD = 'larder-shop-demo'

export interface DemoLogin {
  email: string
  password: string
  /** "Operator" or the shop's name. */
  what: string
}

/** The demo logins `npm start` prints in development. */
export function demoLogins(): DemoLogin[] {
  return [
    { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, what: 'operator (/admin)' },
    ...generateVendors().map((vendor) => ({
      email: vendor.user.email,
      password: DEMO_VENDOR_PASSWORD,
      what: `${vendor.shop.companyName} (/vendor)`,
    })),
  ]
}

/**
 * Adds the demo operator and gives the demo accounts that have none their demo password: idempotent, and a
 * password someone set since is kept. Hashing is argon2id, so each password is hashed once and shared.
 */
export async function ensureDemoAccounts(db: Database, { passwords }: { passwords: boolean }): Promise<void> {
  const adminHash = passwords ? await hashPassword(DEMO_ADMIN.password) : null
  await db
    .insert(users)
    .values({
      id: DEMO_ADMIN.id,
      login: DEMO_ADMIN.login,
      email: DEMO_ADMIN.email,
      firstName: 'Larder',
      lastName: 'Operator',
      roles: ['ROLE_ADMIN'],
      passwordHash: adminHash,
    })
    .onConflictDoNothing()
  if (!passwords) return
  const vendorIds = generateVendors().map((vendor) => vendor.user.id)
  const unset = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...vendorIds, DEMO_ADMIN.id]), isNull(users.passwordHash)))
  if (unset.length === 0) return
  const vendorHash = await hashPassword(DEMO_VENDOR_PASSWORD)
  for (const { id } of unset) {
    await db
      .update(users)
      .set({ passwordHash: id === DEMO_ADMIN.id ? adminHash : vendorHash })
      .where(and(eq(users.id, id), isNull(users.passwordHash)))
  }
}
