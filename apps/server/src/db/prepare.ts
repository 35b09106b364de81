import type { DatabaseHandle } from './client'
import { ensureDemoAccounts } from './seed/demo-accounts'
import { seedIfEmpty } from './seed/seed'

/** The lock every starting process takes before it migrates and seeds. */
export const PREPARE_LOCK = 'migrate-and-seed'

/**
 * Migrates, then seeds an empty catalogue when asked, under one lock: processes started together on an
 * empty database take turns, so the first applies the migrations and the seed and the others find them
 * done. Unlocked, concurrent `CREATE EXTENSION` and drizzle's own `CREATE TABLE IF NOT EXISTS` collide on
 * PostgreSQL's catalogue indexes (23505) and all but one process exit.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  { seedDemo, demoPasswords = false }: { seedDemo: boolean; demoPasswords?: boolean },
): Promise<void> {
  await database.withLock(PREPARE_LOCK, async () => {
    await database.migrate()
    if (!seedDemo) return
    await seedIfEmpty(database.db)
    // The demo's operator and shop accounts; their public passwords only outside production.
    await ensureDemoAccounts(database.db, { passwords: demoPasswords })
  })
}
