import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'
import { categories, contactMessages, shops, users } from '../../db/schema'

export type ShopRow = typeof shops.$inferSelect

/** A category node as the tree is edited: its path, not the search words the database derives from it. */
export type CategoryRow = Omit<typeof categories.$inferSelect, 'searchVector' | 'aisleNames' | 'aisleQuery'>
// Every field of CategoryRow, and no other: a column added to categories fails here until it is listed.
const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  name: categories.name,
  level: categories.level,
  position: categories.position,
  l1: categories.l1,
  l2: categories.l2,
  l3: categories.l3,
  hidden: categories.hidden,
} satisfies Record<keyof CategoryRow, AnyPgColumn>

/** `%`, `_` and `\` typed into a search box match themselves, not any text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** What the operator's screens (shops, category tree, contact messages, users) read and write. */
export function createOperatorRepository(db: Database) {
  return {
    listShops() {
      return db
        .select({
          id: shops.userId,
          companyName: shops.companyName,
          city: shops.city,
          companyAddress: shops.companyAddress,
          companyPhone: shops.companyPhone,
          description: shops.description,
          suspendedAt: shops.suspendedAt,
          productCount: sql<number>`(select count(*)::int from products p where p.vendor_id = "shops"."user_id")`,
        })
        .from(shops)
        .orderBy(asc(shops.companyName))
    },

    /** The shop locked until the transaction ends, so two edits of it apply one after the other. */
    async lockShop(tx: Database, id: string) {
      const [row] = await tx.select().from(shops).where(eq(shops.userId, id)).for('update')
      return row
    },

    async updateShop(tx: Database, id: string, fields: Partial<Omit<ShopRow, 'userId'>>) {
      const [row] = await tx.update(shops).set(fields).where(eq(shops.userId, id)).returning()
      if (!row) throw new Error('shop update returned no row')
      return row
    },

    async insertShop(tx: Database, shop: typeof shops.$inferInsert) {
      const [row] = await tx.insert(shops).values(shop).returning()
      if (!row) throw new Error('shop insert returned no row')
      return row
    },

    async insertMember(tx: Database, member: typeof users.$inferInsert) {
      await tx.insert(users).values(member)
    },

    async emailOrLoginTaken(tx: Database, email: string) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(or(sql`lower(${users.email}) = lower(${email})`, sql`lower(${users.login}) = lower(${email})`))
        .limit(1)
      return row !== undefined
    },

    categoryTree() {
      return db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          name: categories.name,
          level: categories.level,
          hidden: categories.hidden,
          productCount: sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id")`,
        })
        .from(categories)
        .orderBy(asc(categories.level), asc(categories.position), asc(categories.name))
    },

    /** Every node, locked: a rename or move rewrites the paths of a whole subtree, which nothing else may change meanwhile. */
    allCategoriesLocked(tx: Database) {
      return tx.select(categoryColumns).from(categories).orderBy(asc(categories.id)).for('update')
    },

    async insertCategory(tx: Database, category: typeof categories.$inferInsert) {
      const [row] = await tx.insert(categories).values(category).returning(categoryColumns)
      if (!row) throw new Error('category insert returned no row')
      return row
    },

    async updateCategory(tx: Database, id: number, fields: Partial<Omit<CategoryRow, 'id'>>) {
      await tx.update(categories).set(fields).where(eq(categories.id, id))
    },

    async nextPosition(tx: Database, parentId: number | null) {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${categories.position}), -1)::int + 1` })
        .from(categories)
        .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
      return row?.next ?? 0
    },

    async messagePage(options: { page: number; size: number; status: 'all' | 'waiting' | 'handled' }) {
      const where =
        options.status === 'waiting'
          ? isNull(contactMessages.handledAt)
          : options.status === 'handled'
            ? isNotNull(contactMessages.handledAt)
            : undefined
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: contactMessages.id,
            name: contactMessages.name,
            email: contactMessages.email,
            phone: contactMessages.phone,
            message: contactMessages.message,
            createdAt: contactMessages.createdAt,
            handledAt: contactMessages.handledAt,
          })
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(options.size)
          .offset(options.page * options.size),
        db.select({ total: count() }).from(contactMessages).where(where),
      ])
      return { rows, total: totals[0]?.total ?? 0 }
    },

    async lockMessage(tx: Database, id: number) {
      const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update')
      return row
    },

    async setMessageHandled(tx: Database, id: number, handledAt: Date | null) {
      await tx.update(contactMessages).set({ handledAt }).where(eq(contactMessages.id, id))
    },

    findUsers(text: string) {
      const pattern = likePattern(text)
      return db
        .select({
          id: users.id,
          login: users.login,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          roles: users.roles,
          shopId: users.shopId,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(or(ilike(users.email, pattern), ilike(users.login, pattern)))
        .orderBy(asc(users.email))
        .limit(50)
    },

    async lockUser(tx: Database, id: string) {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update')
      return row
    },

    async setUserDisabled(tx: Database, id: string, disabledAt: Date | null) {
      await tx
        .update(users)
        .set({ disabledAt })
        .where(and(eq(users.id, id)))
    },
  }
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>
