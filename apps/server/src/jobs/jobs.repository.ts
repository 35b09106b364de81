import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { jobs } from '../db/schema'

export type JobRow = typeof jobs.$inferSelect

/** A job as a worker holds it: claimed under `lease` until `lockedUntil`. */
export type ClaimedJob = JobRow & { lease: string }

/** The SQL of the durable job queue. Every statement that ends a claim checks the lease it was given. */
export function createJobsRepository(db: Database) {
  const due = (now: Date) =>
    and(
      isNull(jobs.doneAt),
      isNull(jobs.failedAt),
      lte(jobs.runAt, now),
      or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
    )

  return {
    /** Adds a job unless one with the same key exists; answers the new job's id, or undefined. */
    async enqueue(
      tx: Database,
      job: { queue: string; key: string; payload: unknown; runAt: Date; createdAt: Date },
    ): Promise<number | undefined> {
      const [row] = await tx
        .insert(jobs)
        .values(job)
        .onConflictDoNothing({ target: jobs.key })
        .returning({ id: jobs.id })
      return row?.id
    },

    /**
     * Claims up to `limit` due jobs (of `ids` only, when given) for `leaseMs`. SKIP LOCKED lets every
     * process claim at once without waiting on, or taking, another's rows; a claim whose process died is
     * due again once its lease has run out.
     */
    async claim(options: {
      now: Date
      lease: string
      leaseMs: number
      limit: number
      queues: string[]
      ids?: number[]
    }): Promise<ClaimedJob[]> {
      const { now, lease, leaseMs, limit, queues, ids } = options
      if (queues.length === 0 || ids?.length === 0) return []
      const candidates = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(due(now), inArray(jobs.queue, queues), ids ? inArray(jobs.id, ids) : undefined))
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(jobs)
        .set({
          lease,
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${jobs.attempts} + 1`,
        })
        .where(inArray(jobs.id, candidates))
        .returning()
      return rows
        .map((row) => ({ ...row, lease }))
        .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id)
    },

    /** Marks a claimed job done and forgets its payload; false when the claim was lost meanwhile. */
    async finish(tx: Database, job: ClaimedJob, now: Date): Promise<boolean> {
      const rows = await tx
        .update(jobs)
        .set({ doneAt: now, payload: null, lease: null, lockedUntil: null, lastError: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.lease, job.lease)))
        .returning({ id: jobs.id })
      return rows.length === 1
    },

    /** Puts a failed attempt back for `runAt`, or gives the job up (`failedAt`) when `runAt` is undefined. */
    async fail(job: ClaimedJob, error: string, now: Date, runAt: Date | undefined): Promise<void> {
      await db
        .update(jobs)
        .set({
          lease: null,
          lockedUntil: null,
          lastError: error.slice(0, 2000),
          ...(runAt ? { runAt } : { failedAt: now }),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lease, job.lease)))
    },

    /** Hands back a claimed job untouched (a worker stopping before it got to it): due again at once. */
    async release(job: ClaimedJob): Promise<void> {
      await db
        .update(jobs)
        .set({ lease: null, lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
        .where(and(eq(jobs.id, job.id), eq(jobs.lease, job.lease)))
    },

    /** Done jobs finished before `before`: their keys no longer guard anything. */
    async deleteDone(before: Date): Promise<void> {
      await db.delete(jobs).where(lt(jobs.doneAt, before))
    },
  }
}

export type JobsRepository = ReturnType<typeof createJobsRepository>
