/** Builds and starts the real production bundle (apps/server/dist/server.js) against a given database. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { PG_BIN } from './postgres'
import { freePort } from './ports'

export interface RunningServer {
  base: string
  pid: number | undefined
  /** The server's process, for a bench that talks to it over IPC (StartOptions.ipc). */
  child: ChildProcess
  stop(): Promise<void>
}

export interface StartOptions {
  /** Node flags before the bundle, besides BENCH_SERVER_NODE_ARGS (e.g. `--expose-gc`, `--import probe`). */
  nodeArgs?: string[]
  /** Opens an IPC channel to the server process (child.send, child.on('message')). */
  ipc?: boolean
}

export function buildServer(root: string): void {
  execFileSync('npm', ['run', 'build', '-w', '@larder/server'], { cwd: root, stdio: 'inherit' })
}

export function seed(root: string, databaseUrl: string, products: number): void {
  execFileSync('npm', ['run', 'seed', '--', '--products', String(products), '--reset'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })
  // The seed leaves fresh tables without statistics; autovacuum would gather them within a minute or so,
  // and measuring before it does would time plans a running shop never uses.
  execFileSync(`${PG_BIN}/psql`, [databaseUrl, '-X', '-q', '-c', 'ANALYZE'], { stdio: 'inherit' })
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  // Polling rather than a fixed sleep: start-up time depends on the machine's load.
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('server did not become healthy in 60 s')
}

/** Servers started so far in this run: the offset from BENCH_PORT of the next one's port. */
let started = 0

/** `bundle` defaults to the one buildServer() makes; another must sit where its npm packages resolve. */
export async function startServer(
  root: string,
  databaseUrl: string,
  bundle = 'apps/server/dist/server.js',
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  // BENCH_PORT: ports of one's own on a machine others share, the first server on it and each further
  // one on the next (a bench may run two at once); otherwise any free one.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + started++ : await freePort()
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (not allowed in NODE_OPTIONS).
  const nodeArgs = [
    ...(options.nodeArgs ?? []),
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ]
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd: root,
    stdio: options.ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-only-secret-bench-only-secret-0123456789',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SANDBOX_PAYMENTS: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MAIL_TRANSPORT: 'outbox',
      ...env,
    },
  })
  const base = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  try {
    await waitForHealth(base, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, pid: child.pid, child, stop }
}
