import path from 'node:path'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { seedIfEmpty } from './db/seed/seed'

const config = loadConfig()
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
})
await database.migrate()
if (config.seedDemo) await seedIfEmpty(database.db)

const app = await buildApp({ config, db: database.db })

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info(`${signal} received, closing`)
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ host: config.host, port: config.port })
const where =
  database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'
console.info(`\n  Larder is open at ${config.publicUrl}  (database: ${where})\n`)
