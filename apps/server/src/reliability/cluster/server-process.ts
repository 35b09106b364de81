import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { send } from './http-client'

/** The same secret for every process, or a session signed by one would be refused by the others. */
const JWT_SECRET = 'cluster-fault-test-secret-shared-by-every-process'

export interface ExitInfo {
  code: number | null
  signal: NodeJS.Signals | null
  /** Milliseconds since the process was started. */
  afterMs: number
  /** When it exited (Date.now()). */
  at: number
}

export type StartResult =
  { ready: true; afterMs: number } | { ready: false; afterMs: number; reason: string; exit?: ExitInfo }

export interface ServerOptions {
  name: string
  port: number
  /** The built server, apps/server/dist/server.js. */
  bundle: string
  /** Per-run folder: logs, and pids/<pid> files by which run-cluster.sh kills what the test could not. */
  runDir: string
  /** More environment variables (WORKERS, say); WORKERS is 1 unless given. */
  env?: Record<string, string>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** GET /readyz, as a load balancer's health check asks it. */
export async function readiness(port: number, timeoutMs = 2_000): Promise<string> {
  const outcome = await send({ port, method: 'GET', path: '/readyz', timeoutMs })
  return outcome.kind === 'response' ? String(outcome.status) : outcome.kind
}

/**
 * One `node apps/server/dist/server.js` in production mode. Every start logs to a file of its own;
 * the last lines stay in memory for failure messages. An exit the test did not cause is recorded.
 */
export class ServerProcess {
  readonly name: string
  readonly port: number
  private readonly options: ServerOptions
  private child: ChildProcess | undefined
  private exitPromise: Promise<ExitInfo> | undefined
  private startedAt = 0
  private expectingExit = false
  private lines: string[] = []
  starts = 0
  /** The database the next start uses: each start trial of the first scenario has an empty one. */
  databaseUrl = ''
  readonly unexpectedExits: { start: number; exit: ExitInfo; excerpt: string }[] = []

  constructor(options: ServerOptions) {
    this.options = options
    this.name = options.name
    this.port = options.port
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`)
    if (!this.databaseUrl) throw new Error(`${this.name} has no database`)
    this.starts += 1
    this.expectingExit = false
    this.lines = []
    const start = this.starts
    const { bundle, runDir } = this.options
    const log = fs.createWriteStream(path.join(runDir, `${this.name}-start${start}.log`))
    const child = spawn(process.execPath, [bundle], {
      // The repository root, so WEB_DIST's default (apps/web/dist) is the built web app when there is one.
      cwd: path.resolve(path.dirname(bundle), '../../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${this.port}`,
        DATABASE_URL: this.databaseUrl,
        DATA_DIR: path.join(runDir, `${this.name}-data`),
        JWT_SECRET,
        SANDBOX_PAYMENTS: 'true',
        MAIL_TRANSPORT: 'outbox',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        WORKERS: '1',
        ...this.options.env,
      },
    })
    this.child = child
    this.startedAt = Date.now()
    const pid = child.pid
    const pidFile = pid === undefined ? undefined : path.join(runDir, 'pids', String(pid))
    if (pidFile) fs.writeFileSync(pidFile, '')
    const keep = (chunk: Buffer) => {
      log.write(chunk)
      this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      if (this.lines.length > 200) this.lines.splice(0, this.lines.length - 200)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    this.exitPromise = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        if (pidFile) fs.rmSync(pidFile, { force: true })
        log.end()
        const exit = { code, signal, afterMs: Date.now() - this.startedAt, at: Date.now() }
        if (!this.expectingExit) this.unexpectedExits.push({ start, exit, excerpt: this.excerpt() })
        resolve(exit)
      })
    })
  }

  /**
   * What the log says went wrong. An uncaught error prints the source line that threw, then
   * `SomeError: message`, then the error's fields, `cause: error: <PostgreSQL's message>` among them.
   */
  excerpt(): string {
    const heading = this.lines.find((line) => /^\s*[A-Za-z]*Error\b/.test(line))
    const cause = this.lines.find((line) => /\bcause: /.test(line))
    const named = [heading, cause].filter((line): line is string => line !== undefined)
    const fallback = this.lines.find((line) => /error/i.test(line)) ?? this.lines.at(-1) ?? '(no output)'
    return (named.length > 0 ? named.map((line) => line.trim()).join(' / ') : fallback.trim()).slice(0, 400)
  }

  /** Sends a signal the test means to send: the exit it causes is not counted as a crash. */
  signal(signal: 'SIGKILL' | 'SIGTERM'): number {
    if (!this.child || !this.running) throw new Error(`${this.name} is not running`)
    this.expectingExit = true
    this.child.kill(signal)
    return Date.now()
  }

  /** The exit, or undefined if the process is still running after `timeoutMs`. */
  async waitExit(timeoutMs: number): Promise<ExitInfo | undefined> {
    if (!this.exitPromise) return undefined
    return Promise.race([this.exitPromise, sleep(timeoutMs).then(() => undefined)])
  }

  /** Polls /readyz until it answers 200, the process exits, or `timeoutMs` passes since the start. */
  async waitReady(timeoutMs: number): Promise<StartResult> {
    const deadline = this.startedAt + timeoutMs
    let last = 'no answer'
    while (Date.now() < deadline) {
      if (!this.running) {
        const exit = await this.waitExit(1_000)
        return {
          ready: false,
          afterMs: Date.now() - this.startedAt,
          reason: `exited (code ${exit?.code ?? '?'}, signal ${exit?.signal ?? 'none'}) before it was ready`,
          ...(exit ? { exit } : {}),
        }
      }
      last = await readiness(this.port)
      if (last === '200') return { ready: true, afterMs: Date.now() - this.startedAt }
      await sleep(100)
    }
    return {
      ready: false,
      afterMs: timeoutMs,
      reason: `not ready after ${timeoutMs} ms (last /readyz: ${last})`,
    }
  }

  /** Stops the process for good (SIGKILL: the test is over, or a trial is), bounded. */
  async stop(): Promise<void> {
    if (!this.running) return
    this.signal('SIGKILL')
    await this.waitExit(10_000)
  }
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** The first `count` free ports of the range set aside for this test (3301–3330). */
export async function freePorts(count: number, first = 3301, last = 3330): Promise<number[]> {
  const ports: number[] = []
  for (let port = first; port <= last && ports.length < count; port += 1) {
    if (await portIsFree(port)) ports.push(port)
  }
  if (ports.length < count) throw new Error(`only ${ports.length} free ports in ${first}-${last}`)
  return ports
}
