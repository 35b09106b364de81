import cluster, { type Worker } from 'node:cluster'

export interface PrimaryOptions {
  workers: number
  /** Each worker's own drain limit (SHUTDOWN_TIMEOUT); the primary waits a little longer, then kills. */
  shutdownTimeoutMs: number
  /** Called once, when the first worker listens. */
  onListening?: () => void
}

/** A worker that dies sooner than this after its start counts as failing to start: its replacement waits. */
const QUICK_DEATH_MS = 10_000
const MAX_RESTART_DELAY_MS = 30_000
/** After the workers' own drain limit, how long the primary waits before it kills what is left. */
const KILL_GRACE_MS = 5_000

/**
 * The primary of `WORKERS` server processes on one port (node:cluster, docs/decisions/0034): it opens no
 * database and serves nothing; it starts the workers, replaces one that dies while the others keep
 * answering, and on SIGTERM or SIGINT asks every worker to drain (SIGTERM) and exits when they have. A
 * second signal is passed on too, which each worker takes as "exit now" (server.ts).
 *
 * The primary accepts connections and hands each to a worker in turn (node:cluster's round-robin), so a
 * worker busy rendering a page does not hold up the others' share.
 */
export function runPrimary({ workers, shutdownTimeoutMs, onListening }: PrimaryOptions): void {
  let stopping = false
  let quickDeaths = 0
  const startedAt = new Map<Worker, number>()
  let listening = false

  const fork = () => {
    const worker = cluster.fork()
    startedAt.set(worker, Date.now())
    worker.once('listening', () => {
      if (listening) return
      listening = true
      onListening?.()
    })
  }

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0)
    startedAt.delete(worker)
    if (stopping) {
      // A worker that did not drain cleanly makes the primary's exit code 1.
      if (code !== 0) process.exitCode = 1
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0)
      return
    }
    console.error(
      `worker ${worker.process.pid} exited (code ${code ?? 'none'}, signal ${signal ?? 'none'}): starting another`,
    )
    // A worker that cannot even start (a bad setting, the database away) would otherwise be restarted in a
    // tight loop: each quick death doubles the wait, up to 30 s; a worker that lived resets it.
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0
    const delay = quickDeaths === 0 ? 0 : Math.min(250 * 2 ** (quickDeaths - 1), MAX_RESTART_DELAY_MS)
    setTimeout(() => {
      if (!stopping) fork()
    }, delay).unref()
  })

  const stop = (signal: NodeJS.Signals) => {
    const first = !stopping
    stopping = true
    if (first)
      console.info(`${signal} received: draining ${Object.keys(cluster.workers ?? {}).length} workers`)
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
    if (first) {
      setTimeout(() => {
        console.error('workers not closed in time: killing them')
        process.exitCode = 1
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      }, shutdownTimeoutMs + KILL_GRACE_MS).unref()
    }
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)

  for (let i = 0; i < workers; i++) fork()
}
