import { createHash } from 'node:crypto'
import { Mutex, tryAcquire } from 'async-mutex'
import type pg from 'pg'

/** What `tryWithLock` did: ran the function (and what it returned), or left it because the lock was taken. */
export type LockOutcome<T> = { ran: true; value: T } | { ran: false }

export interface NamedLocks {
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>
  tryWithLock<T>(name: string, fn: () => Promise<T>): Promise<LockOutcome<T>>
}

/**
 * The advisory-lock key of a name: the first 8 bytes of its SHA-256 as a signed 64-bit integer (as text,
 * which node-postgres sends as it is). Every process derives the same key without a table of numbers.
 */
export function advisoryLockKey(name: string): string {
  return createHash('sha256').update(`larder:${name}`).digest().readBigInt64BE(0).toString()
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))

/**
 * Runs fn while one pooled connection holds the session-level advisory lock `key`: waiting for it, or with
 * `wait: false` giving up at once when another session holds it. The lock is released on every path;
 * when releasing fails, the connection is discarded instead, which ends the session and so its locks.
 */
async function underAdvisoryLock<T>(
  pool: pg.Pool,
  key: string,
  wait: boolean,
  fn: () => Promise<T>,
): Promise<LockOutcome<T>> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    try {
      if (wait) {
        await client.query('select pg_advisory_lock($1::bigint)', [key])
      } else {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1::bigint) as locked',
          [key],
        )
        if (rows[0]?.locked !== true) return { ran: false }
      }
    } catch (error) {
      broken = asError(error)
      throw error
    }
    try {
      return { ran: true, value: await fn() }
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch((error: unknown) => {
        broken = asError(error)
        console.error(`PostgreSQL advisory unlock of ${key} failed, dropping its connection:`, broken.message)
      })
    }
  } finally {
    client.release(broken)
  }
}

/**
 * Named locks: within this process a mutex per name, so concurrent callers queue in memory rather than
 * each holding a database connection while they wait; across processes, with a pool, a PostgreSQL
 * advisory lock. Without a pool (PGlite, which a single process owns) the mutex is the whole lock.
 */
export function createNamedLocks(pool?: pg.Pool): NamedLocks {
  const mutexes = new Map<string, Mutex>()
  const mutexFor = (name: string) => {
    let mutex = mutexes.get(name)
    if (!mutex) {
      mutex = new Mutex()
      mutexes.set(name, mutex)
    }
    return mutex
  }
  const heldHere = new Error('lock held in this process')

  return {
    withLock: (name, fn) =>
      mutexFor(name).runExclusive(async () => {
        if (!pool) return fn()
        const outcome = await underAdvisoryLock(pool, advisoryLockKey(name), true, fn)
        if (!outcome.ran) throw new Error(`advisory lock ${name} was not taken`)
        return outcome.value
      }),
    async tryWithLock<T>(name: string, fn: () => Promise<T>): Promise<LockOutcome<T>> {
      try {
        return await tryAcquire(mutexFor(name), heldHere).runExclusive(async () =>
          pool
            ? underAdvisoryLock(pool, advisoryLockKey(name), false, fn)
            : { ran: true as const, value: await fn() },
        )
      } catch (error) {
        if (error === heldHere) return { ran: false }
        throw error
      }
    },
  }
}
