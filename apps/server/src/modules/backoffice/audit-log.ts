import { and, desc, eq, lt } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { auditLog } from '../../db/schema'
import type { Clock } from '../../lib/clock'
import type { Actor } from './backoffice-scopes'

/** What a change did, for the audit record. */
export interface ChangeRecord {
  entityId: string
  /** The record before the change (null when it was created) and after it (null when it was deleted). */
  before: unknown
  after: unknown
}

/** A back-office change: `<entity>.<verb>` and the shop it belongs to (null for marketplace-wide ones). */
export interface ChangeKind {
  action: string
  entityType: string
  shopId: string | null
}

export interface AuditEntry {
  id: number
  at: string
  actorId: string
  actorLogin: string
  action: string
  entityType: string
  entityId: string
  shopId: string | null
  before: unknown
  after: unknown
}

/**
 * The audit log, and the one way a back-office change is made: `change` runs the work in a transaction and
 * writes who, when, what, before and after in that same transaction, so a change is never without its
 * record and a record never without its change. The work answers its own result and the record; a change
 * that changed nothing (`null`) writes no record.
 */
export function createAuditLog(db: Database, clock: Clock) {
  return {
    async change<T>(
      actor: Actor,
      kind: ChangeKind,
      work: (tx: Database) => Promise<{ result: T; record: ChangeRecord | null }>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const { result, record } = await work(tx)
        if (record) {
          await tx.insert(auditLog).values({
            at: clock(),
            actorId: actor.id,
            actorLogin: actor.login,
            action: kind.action,
            entityType: kind.entityType,
            entityId: record.entityId,
            shopId: kind.shopId,
            // JSON round trip: dates become ISO strings, undefined fields go, as the jsonb column keeps them.
            before: record.before === null ? null : (JSON.parse(JSON.stringify(record.before)) as unknown),
            after: record.after === null ? null : (JSON.parse(JSON.stringify(record.after)) as unknown),
          })
        }
        return result
      })
    },

    /** Newest first, `limit` at a time, older than `beforeId` when paging on; of one shop when given. */
    async list(options: { shopId?: string; beforeId?: number; limit: number }): Promise<AuditEntry[]> {
      const conditions = [
        options.shopId === undefined ? undefined : eq(auditLog.shopId, options.shopId),
        options.beforeId === undefined ? undefined : lt(auditLog.id, options.beforeId),
      ].filter((condition) => condition !== undefined)
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.id))
        .limit(options.limit)
      return rows.map((row) => ({ ...row, at: row.at.toISOString() }))
    },
  }
}

export type AuditLog = ReturnType<typeof createAuditLog>
