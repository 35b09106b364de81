import path from 'node:path'
import { loadConfig } from '../../config'
import { openDatabase } from '../../db/client'
import { PREPARE_LOCK } from '../../db/prepare'
import { systemClock } from '../../lib/clock'
import { runAdminCommand } from './admin-command'

// npm runs workspace scripts inside apps/server; INIT_CWD is where `npm run` was typed, so a relative
// DATA_DIR means the same folder here as for `npm start`.
const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd())
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
  poolSize: config.databasePoolMax,
})
try {
  // Under the lock servers take to migrate, in case one is starting on the same database.
  await database.withLock(PREPARE_LOCK, () => database.migrate())
  process.exitCode = await runAdminCommand(
    process.argv.slice(2),
    { db: database.db, clock: systemClock, publicUrl: config.publicUrl },
    { out: (line) => console.info(line), err: (line) => console.error(line) },
  )
} finally {
  await database.close()
}
