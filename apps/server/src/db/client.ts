import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { createNamedLocks, type LockOutcome } from './named-locks'
import { listenPostgres, type Listening, type NotificationHandlers } from './notifications'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** Column names are the schema's property names in snake_case; SQL compiled outside `db` must agree. */
export const DB_CASING = 'snake_case' as const

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
  /**
   * Runs fn holding the lock `name`, waiting for it first: one holder at a time in this process and, on
   * PostgreSQL, across every process on the database (a session-level advisory lock on one pooled
   * connection, kept for as long as fn runs; fn's own queries use other connections of the pool).
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>
  /**
   * Runs fn only when the lock `name` is free right now, here and in every other process; otherwise answers
   * `{ ran: false }` without running it. For work that one process at a time does, such as periodic jobs.
   */
  tryWithLock<T>(name: string, fn: () => Promise<T>): Promise<LockOutcome<T>>
  /**
   * Hears every `NOTIFY channel` sent on the database by any process, once its transaction commits. On
   * PostgreSQL a connection of its own, opened again after a drop (`down`, then `up`); PGlite delivers them
   * when the notifying transaction commits, within this process.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listening>
}

export type { Listening, LockOutcome, NotificationHandlers }

/** Migrations sit beside this module in the sources and beside the bundle in dist/. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded PGlite database is used. */
  url?: string | undefined
  /** PGlite's folder; omitted means an in-memory database (tests). */
  dataDir?: string | undefined
  /** node-postgres connections at most; at least 2, since a held lock keeps one while fn uses another. */
  poolSize?: number
  /**
   * A PGlite data directory dumped by `dumpDataDir`, to start from instead of an empty cluster: tests
   * open dozens of databases, and loading a migrated one skips initdb (0.7 s against 2.2 s).
   */
  snapshot?: Blob | undefined
}

const isBegin = (query: unknown) => {
  const text =
    typeof query === 'string'
      ? query
      : typeof query === 'object' && query !== null
        ? Reflect.get(query, 'text')
        : ''
  return typeof text === 'string' && /^\s*begin\b/i.test(text)
}

/**
 * drizzle-orm 0.45's node-postgres `transaction()` sends BEGIN before its try/finally, so when BEGIN fails
 * (a database restart, a refused setting) the checked-out client is never released and the pool loses a
 * slot for good. Only that code path sends BEGIN, so a failed BEGIN here releases (and discards) the client.
 */
function releaseOnFailedBegin(client: pg.PoolClient) {
  const query: (...args: unknown[]) => unknown = client.query.bind(client)
  const guarded = (...args: unknown[]) => {
    const result = query(...args)
    if (isBegin(args[0]) && result instanceof Promise) {
      result.catch((error: unknown) =>
        client.release(error instanceof Error ? error : new Error(String(error))),
      )
    }
    return result
  }
  Object.assign(client, { query: guarded })
}

/** PGlite with the extensions the migrations create. */
const createPglite = (dataDir?: string, snapshot?: Blob) =>
  PGlite.create(dataDir, {
    extensions: { pg_trgm, unaccent, fuzzystrmatch, btree_gin },
    loadDataDir: snapshot,
  })

const migratePgliteClient = (client: PGlite) => migratePglite(drizzlePglite(client), { migrationsFolder })

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    // An idle client losing its connection (a database restart) must not crash the process.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message))
    // So must a client that is checked out (inside a transaction, between two statements) when the
    // server goes away: pg emits that on the client, not the pool, and unheard it would kill the process.
    // The pending query fails on its own and pg-pool drops the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.error('PostgreSQL client error:', error.message))
      releaseOnFailedBegin(client)
    })
    const db = drizzlePg(pool, { schema, casing: DB_CASING }) as unknown as Database
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
      ...createNamedLocks(pool),
      listen: (channel, handlers) => listenPostgres(options.url ?? '', channel, handlers),
    }
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true })
  const client = await createPglite(options.dataDir, options.snapshot)
  const db = drizzlePglite(client, { schema, casing: DB_CASING }) as unknown as Database
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePgliteClient(client),
    close: () => client.close(),
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.message)
      handlers.up()
      return { close: () => unlisten().catch(() => undefined) }
    },
    // One process owns a PGlite data directory, so a lock within the process is a lock on the database.
    ...createNamedLocks(),
  }
}

/** An in-memory PGlite database with every migration applied, dumped for `snapshot`. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await createPglite()
  try {
    await migratePgliteClient(client)
    return await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
}
