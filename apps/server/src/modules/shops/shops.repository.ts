import { asc, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { shops } from '../../db/schema'

export function createShopsRepository(db: Database) {
  return {
    /**
     * The shops the storefront offers (a suspended one leaves it with its products), with only the public
     * shop fields: never a vendor's login, e-mail or roles.
     */
    list() {
      return db
        .select({
          id: shops.userId,
          companyName: shops.companyName,
          city: shops.city,
          companyAddress: shops.companyAddress,
          companyPhone: shops.companyPhone,
          description: shops.description,
          shopImage: shops.shopImage,
        })
        .from(shops)
        .where(isNull(shops.suspendedAt))
        .orderBy(asc(shops.companyName))
    },
  }
}

export type ShopsRepository = ReturnType<typeof createShopsRepository>
