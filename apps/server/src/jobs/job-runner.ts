import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { Database } from '../db/client'
import type { Clock } from '../lib/clock'
import { createJobsRepository, type ClaimedJob } from './jobs.repository'

/**
 * What a job's handler may leave to be done in the transaction that marks the job done, so that it happens
 * exactly once with it (a mail written to the local outbox, an order marked refunded). It may answer the
 * ids of jobs it queued there, which then run at once.
 */
export type CommitWork = (
  tx: Database,
) => Promise<readonly (number | undefined)[] | undefined> | Promise<void>

export interface JobContext {
  id: number
  key: string
  /** 1 on the first attempt. */
  attempt: number
}

export interface Queue<P> {
  readonly name: string
  /**
   * Adds a job in the caller's transaction, so it exists exactly when the change it follows commits.
   * A key already used adds nothing. Answers the new job's id, to run it at once after the commit.
   */
  enqueue(tx: Database, key: string, payload: P, options?: { runAt?: Date }): Promise<number | undefined>
  /** Adds a job in a transaction of its own and runs it at once (for work that follows no change). */
  send(key: string, payload: P): Promise<void>
}

/** A queue's handler, taking the payload as stored (it checks it against the queue's schema first). */
type Handler = (payload: unknown, job: JobContext) => Promise<CommitWork | undefined> | Promise<void>

export interface JobRunnerOptions {
  db: Database
  clock: Clock
  log: {
    warn(fields: object, message: string): void
    error(fields: object, message: string): void
  }
  /** How often an idle worker looks for due jobs (other processes' jobs, retries). */
  pollMs?: number
  /** How long a claim lasts: a job whose process died is taken up again after this. */
  leaseMs?: number
}

/** Stripe retries a webhook for three days; every job here gets the same window before it is given up. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000
const MAX_BACKOFF_MS = 60 * 60 * 1000
const BATCH = 10

/** 1 s, 2 s, 4 s … up to an hour between attempts, so a short outage costs seconds and a long one little. */
export const backoffMs = (attempt: number) => Math.min(1000 * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS)

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Runs the durable jobs of every queue registered with it. Any number of processes run one each on the same
 * database: a job is claimed by one of them under a lease, done at least once, and marked done at most once
 * (the lease is checked when it is marked). Handlers must therefore be idempotent, or leave their one-time
 * effect to the CommitWork they return.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, clock, log } = options
  const pollMs = options.pollMs ?? 1000
  const leaseMs = options.leaseMs ?? 30_000
  const repository = createJobsRepository(db)
  const handlers = new Map<string, Handler>()
  let running = false
  let timer: NodeJS.Timeout | undefined
  /** Every batch under way (the poll's and each runNow's), so stop() can wait for them. */
  const inFlight = new Set<Promise<void>>()

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.queue)
    try {
      if (!handler) throw new Error(`no handler for queue ${job.queue}`)
      const commit = await handler(job.payload, { id: job.id, key: job.key, attempt: job.attempts })
      const finished = await db.transaction(async (tx) => {
        if (!(await repository.finish(tx, job, clock()))) return undefined
        const followUps = typeof commit === 'function' ? await commit(tx) : undefined
        return { followUps: followUps ?? [] }
      })
      if (!finished) log.warn({ jobId: job.id, queue: job.queue }, 'job claim expired before it was done')
      else await runNow(finished.followUps)
    } catch (error) {
      const now = clock()
      const giveUp = now.getTime() - job.createdAt.getTime() >= RETRY_WINDOW_MS
      const next = giveUp ? undefined : new Date(now.getTime() + backoffMs(job.attempts))
      const fields = { err: error, jobId: job.id, queue: job.queue, key: job.key, attempt: job.attempts }
      if (giveUp) log.error(fields, 'job failed for three days: given up, see the jobs table')
      else log.warn({ ...fields, retryAt: next }, 'job failed; it will be retried')
      await repository.fail(job, describe(error), now, next).catch((failError: unknown) => {
        // The database itself is away: the lease runs out and the job is due again.
        log.warn({ err: failError, jobId: job.id }, 'could not record a failed job')
      })
    }
  }

  /**
   * Claims and runs due jobs (of `ids` only, when given) until none is left, or, for the poll, until the
   * runner stops.
   */
  async function runBatch(ids?: number[], polling = false): Promise<void> {
    for (;;) {
      const claimed = await repository.claim({
        now: clock(),
        lease: randomUUID(),
        leaseMs,
        limit: BATCH,
        queues: [...handlers.keys()],
        ...(ids ? { ids } : {}),
      })
      for (const [index, job] of claimed.entries()) {
        if (polling && !running) {
          // Stopping: what was claimed but not begun goes back for another process at once.
          await Promise.all(claimed.slice(index).map((left) => repository.release(left)))
          return
        }
        await runOne(job)
      }
      if (ids || claimed.length < BATCH) return
    }
  }

  function track(work: Promise<void>): Promise<void> {
    const tracked = work.finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
    return tracked
  }

  /**
   * Runs the given jobs now, in this process, after the transaction that added them has committed, so a
   * shopper need not wait for the next poll. A job another process holds, or that fails, is left to the
   * retries; this never throws.
   */
  async function runNow(ids: readonly (number | undefined)[]): Promise<void> {
    const wanted = ids.filter((id): id is number => id !== undefined)
    if (wanted.length === 0) return
    await track(
      runBatch(wanted).catch((error: unknown) =>
        log.warn({ err: error, jobIds: wanted }, 'could not run jobs at once; they will be retried'),
      ),
    )
  }

  function schedule() {
    if (!running) return
    timer = setTimeout(() => {
      void track(
        runBatch(undefined, true).catch((error: unknown) =>
          log.warn({ err: error }, 'could not look for due jobs'),
        ),
      ).then(schedule)
    }, pollMs)
    timer.unref()
  }

  return {
    /** Registers the handler of a queue; its payloads are checked against `schema` when read back. */
    queue<S extends z.ZodType>(
      name: string,
      schema: S,
      run: (payload: z.output<S>, job: JobContext) => Promise<CommitWork | undefined> | Promise<void>,
    ): Queue<z.input<S>> {
      if (handlers.has(name)) throw new Error(`queue ${name} is registered twice`)
      handlers.set(name, (payload, job) => run(schema.parse(payload), job))
      const enqueue: Queue<z.input<S>>['enqueue'] = (tx, key, payload, enqueueOptions) => {
        const now = clock()
        return repository.enqueue(tx, {
          queue: name,
          key: `${name}:${key}`,
          payload,
          runAt: enqueueOptions?.runAt ?? now,
          createdAt: now,
        })
      }
      return {
        name,
        enqueue,
        async send(key, payload) {
          await runNow([await db.transaction((tx) => enqueue(tx, key, payload))])
        },
      }
    },

    runNow,

    /** Runs every job due now, whichever queue (tests, and a clock moved forward). */
    runDue: () => track(runBatch()),

    /** Starts polling: on the app's onReady. */
    start() {
      if (running) return
      running = true
      schedule()
    },

    /** Stops polling and waits for the jobs under way to finish (what was claimed and not begun goes back). */
    async stop() {
      running = false
      clearTimeout(timer)
      await Promise.allSettled([...inFlight])
    },

    /** Deletes jobs done more than `olderThanMs` ago. */
    deleteDone: (olderThanMs: number) => repository.deleteDone(new Date(clock().getTime() - olderThanMs)),
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>
