import cluster from 'node:cluster'
import path from 'node:path'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app'
import { runPrimary } from './cluster-primary'
import { loadConfig, type Config } from './config'
import { openDatabase } from './db/client'
import { prepareDatabase } from './db/prepare'
import { secureDataDir } from './data-dir'
import { demoLogins } from './db/seed/demo-accounts'

const config = loadConfig()
// Before anything writes there: the database and the secrets are this user's alone.
secureDataDir(config.dataDir)

const openMessage = (database: string) =>
  `\n  Larder is open at ${config.publicUrl}  (database: ${database})\n`

if (config.workers > 1 && cluster.isPrimary) {
  // WORKERS processes share the port; each is a whole server like the one below (cluster-primary.ts).
  runPrimary({
    workers: config.workers,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    onListening: () => console.info(openMessage(`PostgreSQL, ${config.workers} worker processes`)),
  })
} else {
  await serve(config)
}

async function serve(config: Config) {
  const inCluster = cluster.isWorker
  if (inCluster) {
    // Ctrl-C reaches every process of the terminal's group; a worker drains when its primary passes the
    // signal on as SIGTERM, once, rather than count Ctrl-C and the primary's SIGTERM as two signals
    // (which means "exit now").
    process.on('SIGINT', () => undefined)
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolMax,
  })
  await prepareDatabase(database, {
    seedDemo: config.seedDemo,
    demoPasswords: config.env !== 'production',
  })

  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    // Reconciliation and the like run in one process at a time, whichever takes the lock first.
    runExclusive: async (name, work) => {
      await database.tryWithLock(name, work)
    },
  })

  // SIGTERM, SIGINT (and an uncaught error) close the process within SHUTDOWN_TIMEOUT (docs/operations.md);
  // a second signal, or the timeout, ends it at once with exit code 1.
  closeWithGrace(
    {
      delay: config.shutdownTimeoutMs,
      logger: app.log,
      // A fault signal leaves no safe state to run JavaScript in: the process dies as it would have. A
      // cluster worker leaves SIGINT to its primary (above).
      skip: [
        'SIGILL',
        'SIGTRAP',
        'SIGABRT',
        'SIGBUS',
        'SIGFPE',
        'SIGSEGV',
        ...(inCluster ? (['SIGINT'] as const) : []),
      ],
      onTimeout: (delay) => {
        app.log.error(`not closed after ${delay} ms: cutting the remaining connections`)
        app.server.closeAllConnections()
      },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error, closing')
      else app.log.info(`${signal ?? 'close'} received, closing`)
      // /readyz turns 503, the listener stops, requests in flight are answered with `Connection: close`,
      // idle connections are dropped (plugins/graceful-close.ts); then the onClose hooks run, which stop
      // background work after its current item.
      await app.close()
      // Only now: onClose hooks may still use the database.
      await database.close()
    },
  )

  await app.listen({ host: config.host, port: config.port })
  if (!inCluster) {
    const where =
      database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'
    console.info(openMessage(where))
    // The demo's back-office logins, in development only: they are public, and never set in production.
    if (config.env === 'development' && config.seedDemo) console.info(demoLoginsText())
  }
}

function demoLoginsText(): string {
  const logins = demoLogins()
  const width = Math.max(...logins.map((login) => login.email.length))
  const passwordWidth = Math.max(...logins.map((login) => login.password.length))
  const lines = logins.map(
    (login) => `    ${login.email.padEnd(width)}  ${login.password.padEnd(passwordWidth)}  ${login.what}`,
  )
  return [`  Demo back-office logins (development only), at ${config.publicUrl}/login:`, ...lines, ''].join(
    '\n',
  )
}
