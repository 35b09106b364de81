import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp, type AppDeps } from '../app'
import { loadConfig } from '../config'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { seedIfEmpty } from '../db/seed/seed'

export type DatabaseKind = 'pglite' | 'postgres'

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing'

/**
 * The databases API tests run against: always embedded PGlite, and a real PostgreSQL server too when
 * TEST_DATABASE_URL names one (CI starts a throw-away cluster and sets it).
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL
export const DATABASE_KINDS: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

let pgliteSnapshot: Promise<Blob> | undefined

/**
 * A fresh, migrated database: in memory for PGlite (loaded from the run's migrated snapshot,
 * global-setup.ts), a new throw-away database on the real server (whose pool holds `poolSize`
 * connections; one lets a test look at that connection's own state).
 */
export async function createTestDatabase(kind: DatabaseKind, poolSize = 5): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    pgliteSnapshot ??= readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([bytes]))
    return openDatabase({ snapshot: await pgliteSnapshot })
  }
  const empty = await createEmptyPostgresDatabase()
  const handle = await openDatabase({ url: empty.url, poolSize })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      await empty.drop()
    },
  }
}

/** A new, empty database (no migrations) on the TEST_DATABASE_URL server, and how to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set')
  const admin = TEST_DATABASE_URL
  const name = `larder_test_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: admin })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  close(): Promise<void>
}

/** The real app on a fresh database filled with the demo catalogue. */
export async function createTestApp(
  kind: DatabaseKind,
  overrides: Partial<Omit<AppDeps, 'db' | 'config' | 'listen'>> & {
    seed?: boolean
    /** Environment variables for loadConfig, on top of the test defaults. */
    env?: Record<string, string>
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind)
  const { seed = true, env, ...deps } = overrides
  if (seed) await seedIfEmpty(database.db)
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    JWT_SECRET: TEST_JWT_SECRET,
    ...env,
  })
  const app = await buildApp({ config, db: database.db, listen: database.listen, ...deps })
  await app.ready()
  return {
    app,
    database,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** The double-submit pair a browser would send: the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN. */
export const xsrfHeaders = { cookie: 'XSRF-TOKEN=test-xsrf-token', 'x-xsrf-token': 'test-xsrf-token' }
