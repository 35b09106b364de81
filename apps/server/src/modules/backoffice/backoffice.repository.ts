import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { shops, users } from '../../db/schema'

/** What the back office reads of accounts and shops that the accounts and shops modules do not answer. */
export function createBackOfficeRepository(db: Database) {
  return {
    /** The signed-in member and, for a vendor, the shop: one row, or none if the account went meanwhile. */
    async me(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          login: users.login,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          roles: users.roles,
          shopId: shops.userId,
          companyName: shops.companyName,
          city: shops.city,
        })
        .from(users)
        .leftJoin(shops, eq(shops.userId, users.shopId))
        .where(eq(users.id, userId))
        .limit(1)
      return row
    },
  }
}

export type BackOfficeRepository = ReturnType<typeof createBackOfficeRepository>
