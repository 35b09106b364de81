import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client'
import { contactMessages, jobs } from '../db/schema'
import { manualClock } from '../test/accounts-helpers'
import { createTestDatabase, DATABASE_KINDS } from '../test/test-app'
import { backoffMs, createJobRunner, RETRY_WINDOW_MS } from './job-runner'
import { createJobsRepository } from './jobs.repository'

const quietLog = { warn: () => {}, error: () => {} }
const Payload = z.object({ n: z.number() })

describe.each(DATABASE_KINDS)('durable jobs on %s', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await database.db.delete(jobs)
  })

  const rows = () => database.db.select().from(jobs).orderBy(jobs.id)

  it('exists only when the transaction that queued it commits, once per key', async () => {
    const time = manualClock()
    const runner = createJobRunner({ db: database.db, clock: time.clock, log: quietLog })
    const queue = runner.queue('test', Payload, async () => {})
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, 'rolled-back', { n: 1 })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    const first = await database.db.transaction((tx) => queue.enqueue(tx, 'k', { n: 1 }))
    const again = await database.db.transaction((tx) => queue.enqueue(tx, 'k', { n: 2 }))
    expect(first).toBeTypeOf('number')
    expect(again).toBeUndefined()
    expect(await rows()).toMatchObject([{ key: 'test:k', payload: { n: 1 }, attempts: 0 }])
  })

  it('retries a failed job with back-off, then forgets its payload once done', async () => {
    const time = manualClock()
    let failures = 2
    const seen: number[] = []
    const runner = createJobRunner({ db: database.db, clock: time.clock, log: quietLog })
    const queue = runner.queue('test', Payload, async ({ n }) => {
      if (failures-- > 0) throw new Error(`refused ${n}`)
      seen.push(n)
    })
    const id = await database.db.transaction((tx) => queue.enqueue(tx, 'retry', { n: 7 }))
    await runner.runNow([id])
    expect(await rows()).toMatchObject([{ attempts: 1, lastError: 'refused 7', doneAt: null }])
    const [afterFirst] = await rows()
    expect(afterFirst?.runAt.getTime()).toBe(time.clock().getTime() + backoffMs(1))

    await runner.runDue() // not due yet
    expect((await rows())[0]?.attempts).toBe(1)
    time.advance(backoffMs(1))
    await runner.runDue()
    expect((await rows())[0]).toMatchObject({ attempts: 2, lastError: 'refused 7' })
    time.advance(backoffMs(2))
    await runner.runDue()
    expect(seen).toEqual([7])
    expect((await rows())[0]).toMatchObject({ attempts: 3, payload: null, lastError: null })
    expect((await rows())[0]?.doneAt).not.toBeNull()
    expect(backoffMs(1)).toBe(1000)
    expect(backoffMs(2)).toBe(2000)
    expect(backoffMs(40)).toBe(60 * 60 * 1000)
  })

  it('takes up the job of a process that died holding it once its lease runs out, and only once', async () => {
    const time = manualClock()
    const done: string[] = []
    const runner = createJobRunner({ db: database.db, clock: time.clock, log: quietLog, leaseMs: 30_000 })
    const queue = runner.queue('test', Payload, async () => async (tx) => {
      // The one-time effect commits with the job's completion: here, a row in another table.
      await tx.insert(contactMessages).values({ message: 'delivered', clientIp: 'job' })
      done.push('ran')
    })
    const id = await database.db.transaction((tx) => queue.enqueue(tx, 'orphan', { n: 1 }))
    // A process claims it and dies before finishing: its claim stays in the row.
    const repository = createJobsRepository(database.db)
    const [dead] = await repository.claim({
      now: time.clock(),
      lease: randomUUID(),
      leaseMs: 30_000,
      limit: 1,
      queues: ['test'],
    })
    expect(dead?.id).toBe(id)

    await runner.runDue()
    expect(done).toEqual([]) // still held
    time.advance(30_001)
    await runner.runDue()
    expect(done).toEqual(['ran'])
    // The dead process's late completion finds its lease gone and changes nothing.
    expect(dead && (await database.db.transaction((tx) => repository.finish(tx, dead, time.clock())))).toBe(
      false,
    )
    const delivered = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.clientIp, 'job'))
    expect(delivered).toHaveLength(1)
  })

  it('runs each of many jobs exactly once with several workers polling at once', async () => {
    const time = manualClock()
    const runs = new Map<number, number>()
    const workers = Array.from({ length: 4 }, () => {
      const runner = createJobRunner({ db: database.db, clock: time.clock, log: quietLog })
      const queue = runner.queue('test', Payload, async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1)
      })
      return { runner, queue }
    })
    const first = workers[0]
    if (!first) throw new Error('no worker')
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 60; n++) await first.queue.enqueue(tx, `many-${n}`, { n })
    })
    await Promise.all(workers.map(({ runner }) => runner.runDue()))
    expect(runs.size).toBe(60)
    expect([...runs.values()].every((count) => count === 1)).toBe(true)
    expect((await rows()).every((row) => row.doneAt !== null)).toBe(true)
  })

  it('gives a job up after three days of failures, leaving it for a person to see', async () => {
    const time = manualClock()
    const errors: string[] = []
    const runner = createJobRunner({
      db: database.db,
      clock: time.clock,
      log: { warn: () => {}, error: (_fields, message) => errors.push(message) },
    })
    const queue = runner.queue('test', Payload, async () => {
      throw new Error('still down')
    })
    const id = await database.db.transaction((tx) => queue.enqueue(tx, 'doomed', { n: 1 }))
    await runner.runNow([id])
    expect((await rows())[0]?.failedAt).toBeNull()
    time.advance(RETRY_WINDOW_MS)
    await runner.runDue()
    const [row] = await rows()
    expect(row?.failedAt).not.toBeNull()
    expect(row?.payload).toEqual({ n: 1 })
    expect(errors).toEqual(['job failed for three days: given up, see the jobs table'])
    time.advance(RETRY_WINDOW_MS)
    await runner.runDue()
    expect((await rows())[0]?.attempts).toBe(2)
  })

  it('stops after the job in hand, handing back what it claimed and had not begun', async () => {
    const time = manualClock()
    let release: () => void = () => {}
    const started: number[] = []
    const runner = createJobRunner({ db: database.db, clock: time.clock, log: quietLog, pollMs: 10 })
    const queue = runner.queue('test', Payload, async ({ n }) => {
      started.push(n)
      if (n === 0) await new Promise<void>((resolve) => (release = resolve))
    })
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 3; n++) await queue.enqueue(tx, `stop-${n}`, { n })
    })
    runner.start()
    await expect.poll(() => started, { timeout: 5000 }).toEqual([0])
    const stopped = runner.stop()
    release()
    await stopped
    expect(started).toEqual([0])
    const after = await rows()
    expect(after.map((row) => row.doneAt !== null)).toEqual([true, false, false])
    expect(after.slice(1).map((row) => [row.attempts, row.lease, row.lockedUntil])).toEqual([
      [0, null, null],
      [0, null, null],
    ])
  })
})
