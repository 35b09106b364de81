import { and, eq, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { sandboxCheckouts } from '../../db/schema'

export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect
export type NewSandboxCheckout = typeof sandboxCheckouts.$inferInsert

/** Payment links allow one completed payment (Stripe: restrictions.completed_sessions.limit = 1). */
const COMPLETED_LIMIT = 1

/** The sandbox's hosted payment pages, kept in the shop's database. */
export function createSandboxCheckoutStore(db: Database) {
  return {
    /** The same id (from the same idempotency key) gives back the page made first. */
    async create(checkout: NewSandboxCheckout): Promise<SandboxCheckout> {
      await db.insert(sandboxCheckouts).values(checkout).onConflictDoNothing()
      const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkout.id))
      if (!row) throw new Error(`sandbox checkout ${checkout.id} vanished`)
      return row
    },

    async find(id: string): Promise<SandboxCheckout | undefined> {
      const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id))
      return row
    },

    async deactivate(id: string): Promise<void> {
      await db.update(sandboxCheckouts).set({ active: false }).where(eq(sandboxCheckouts.id, id))
    },

    /**
     * Counts one completed payment, atomically, so two tabs paying the same link at once cannot both
     * succeed; the page closes once its limit is reached. Answers false when it was closed already.
     */
    async complete(id: string): Promise<boolean> {
      const rows = await db
        .update(sandboxCheckouts)
        .set({
          completedSessions: sql`${sandboxCheckouts.completedSessions} + 1`,
          active: sql`${sandboxCheckouts.completedSessions} + 1 < ${COMPLETED_LIMIT}`,
        })
        .where(
          and(
            eq(sandboxCheckouts.id, id),
            eq(sandboxCheckouts.active, true),
            lt(sandboxCheckouts.completedSessions, COMPLETED_LIMIT),
          ),
        )
        .returning({ id: sandboxCheckouts.id })
      return rows.length === 1
    },
  }
}

export type SandboxCheckoutStore = ReturnType<typeof createSandboxCheckoutStore>
