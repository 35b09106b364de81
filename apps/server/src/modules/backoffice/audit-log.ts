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
  /** The action of this record when it differs from the change's (an import creates some, updates others). */
  action?: string
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
 * that changed nothing (`null`) writes no record, and one that changed many records (an import) answers
 * one per record.
 */
export function createAuditLog(db: Database, clock: Clock) {
  return {
    async change<T>(
      actor: Actor,
      kind: ChangeKind,
      work: (tx: Database) => Promise<{ result: T; record: ChangeRecord | ChangeRecord[] | null }>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const { result, record } = await work(tx)
        const records = record === null ? [] : Array.isArray(record) ? record : [record]
        const at = clock()
        // In slices: one INSERT's parameters are limited (65 535), and an import writes thousands.
        for (let start = 0; start < records.length; start += 500) {
          await tx.insert(auditLog).values(
            records.slice(start, start + 500).map((one) => ({
              at,
              actorId: actor.id,
              actorLogin: actor.login,
              action: one.action ?? kind.action,
              entityType: kind.entityType,
              entityId: one.entityId,
              shopId: kind.shopId,
              // JSON round trip: dates become ISO strings, undefined fields go, as the jsonb column keeps them.
              before: one.before === null ? null : (JSON.parse(JSON.stringify(one.before)) as unknown),
              after: one.after === null ? null : (JSON.parse(JSON.stringify(one.after)) as unknown),
            })),
          )
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
