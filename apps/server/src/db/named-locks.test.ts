import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DATABASE_KINDS, TEST_DATABASE_URL } from '../test/test-app'
import { openDatabase, type DatabaseHandle } from './client'
import { advisoryLockKey } from './named-locks'

/** A promise with its resolve function, to hold a lock open until the test lets go. */
function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('advisoryLockKey', () => {
  it('gives every process the same signed 64-bit key for a name, and different names different keys', () => {
    const key = BigInt(advisoryLockKey('migrate-and-seed'))
    expect(key).toBe(BigInt(advisoryLockKey('migrate-and-seed')))
    expect(key).toBeGreaterThanOrEqual(-(2n ** 63n))
    expect(key).toBeLessThan(2n ** 63n)
    expect(advisoryLockKey('refund-retry')).not.toBe(advisoryLockKey('migrate-and-seed'))
  })
})

describe.each(DATABASE_KINDS)('named locks within one process on %s', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('runs concurrent withLock calls on one name one at a time, in order', async () => {
    const events: string[] = []
    const task = (id: number) =>
      database.withLock('serial', async () => {
        events.push(`start ${id}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
        events.push(`end ${id}`)
        return id
      })
    expect(await Promise.all([task(1), task(2), task(3)])).toEqual([1, 2, 3])
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3'])
  })

  it('tryWithLock skips while the name is held here, runs other names, and runs again once it is free', async () => {
    const hold = deferred()
    const holder = database.tryWithLock('job', () => hold.promise.then(() => 'first'))
    expect(await database.tryWithLock('job', async () => 'second')).toEqual({ ran: false })
    expect(await database.tryWithLock('other job', async () => 'other')).toEqual({
      ran: true,
      value: 'other',
    })
    hold.resolve()
    expect(await holder).toEqual({ ran: true, value: 'first' })
    expect(await database.tryWithLock('job', async () => 'third')).toEqual({ ran: true, value: 'third' })
  })

  it('lets go of the lock when the function fails', async () => {
    // More failures than the test pool has connections: a connection kept per failure would show.
    for (let i = 0; i < 7; i++) {
      await expect(database.withLock('failing', () => Promise.reject(new Error('boom')))).rejects.toThrow(
        'boom',
      )
      await expect(database.tryWithLock('failing', () => Promise.reject(new Error('boom')))).rejects.toThrow(
        'boom',
      )
    }
    expect(await database.tryWithLock('failing', async () => 'free')).toEqual({ ran: true, value: 'free' })
  })
})

describe.skipIf(!TEST_DATABASE_URL)('named locks across processes on PostgreSQL', () => {
  let first: DatabaseHandle
  let second: DatabaseHandle
  beforeAll(async () => {
    first = await createTestDatabase('postgres')
    // A second pool on the same database stands for a second process: its own sessions.
    second = await openDatabase({ url: await currentUrl(first), poolSize: 3 })
  })
  afterAll(async () => {
    await second?.close()
    await first?.close()
  })

  it('tryWithLock runs in one process at a time', async () => {
    const hold = deferred()
    const holder = first.tryWithLock('job', () => hold.promise.then(() => 'first'))
    // Wait until the first process really holds the lock in PostgreSQL.
    await waitFor(async () => (await heldAdvisoryLocks(second, 'job')) === 1)
    expect(await second.tryWithLock('job', async () => 'second')).toEqual({ ran: false })
    hold.resolve()
    expect(await holder).toEqual({ ran: true, value: 'first' })
    expect(await second.tryWithLock('job', async () => 'second')).toEqual({ ran: true, value: 'second' })
    expect(await heldAdvisoryLocks(second, 'job')).toBe(0)
  })

  it('withLock in another process waits for the holder to finish', async () => {
    const hold = deferred()
    const events: string[] = []
    const holder = first.withLock('job', async () => {
      events.push('first holds')
      await hold.promise
      events.push('first lets go')
    })
    await waitFor(async () => (await heldAdvisoryLocks(second, 'job')) === 1)
    const waiter = second.withLock('job', async () => {
      events.push('second holds')
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(events).toEqual(['first holds'])
    hold.resolve()
    await Promise.all([holder, waiter])
    expect(events).toEqual(['first holds', 'first lets go', 'second holds'])
  })
})

async function currentUrl(database: DatabaseHandle): Promise<string> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[]
  }
  const url = new URL(TEST_DATABASE_URL ?? '')
  url.pathname = `/${result.rows[0]?.name ?? ''}`
  return url.toString()
}

/** Advisory locks on the lock `name` currently granted to any session (node-postgres results). */
async function heldAdvisoryLocks(database: DatabaseHandle, name: string): Promise<number> {
  const key = BigInt(advisoryLockKey(name))
  const high = Number(BigInt.asIntN(32, key >> 32n))
  const low = Number(BigInt.asIntN(32, key))
  // A bigint advisory key shows in pg_locks as its high and low 32 bits, with objsubid 1.
  const result = (await database.db.execute(
    sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
        and classid::int = ${high} and objid::int = ${low} and objsubid = 1`,
  )) as unknown as { rows: { n: number }[] }
  return result.rows[0]?.n ?? 0
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
