import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
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
     * Takes a payment on the page: counts one completed session, atomically, so two tabs paying the same
     * link at once cannot both succeed (the page closes once its limit is reached), and records it. `emit`
     * queues the provider's webhook in the same transaction, so a taken payment is never left unannounced.
     * Answers undefined when the page was closed already, else what `emit` answered.
     */
    async takePayment<T>(
      id: string,
      payment: { sessionId: string; paymentIntentId: string; paidAt: Date },
      emit: (tx: Database) => Promise<T>,
    ): Promise<{ emitted: T } | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(sandboxCheckouts)
          .set({
            ...payment,
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
        return rows.length === 1 ? { emitted: await emit(tx) } : undefined
      })
    },

    /** The pages of an order that took a payment, as the sandbox's own record of it. */
    paidPagesOf(orderId: string): Promise<SandboxCheckout[]> {
      return db
        .select()
        .from(sandboxCheckouts)
        .where(and(eq(sandboxCheckouts.orderId, orderId), isNotNull(sandboxCheckouts.paidAt)))
    },
  }
}

export type SandboxCheckoutStore = ReturnType<typeof createSandboxCheckoutStore>
