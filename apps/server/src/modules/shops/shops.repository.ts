import { asc } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { shops } from '../../db/schema'

export function createShopsRepository(db: Database) {
  return {
    /** Only the public shop fields: never a vendor's login, e-mail or roles. */
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
        .orderBy(asc(shops.companyName))
    },
  }
}

export type ShopsRepository = ReturnType<typeof createShopsRepository>
