import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export interface RunningServer {
  origin: string
  stop: () => Promise<void>
}

/** Asks the OS for a port nobody uses, so the benchmark never collides with a dev server or other runs. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function waitUntilReady(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${origin}/readyz`)
      if (res.ok) return
    } catch {
      // Not listening yet: the first start migrates and seeds the embedded database.
    }
    await sleep(250)
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s`)
}

/** `npm run build`: the web app and the server, as `npm start` builds them. */
export function buildStore(repoRoot: string): void {
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('npm run build failed')
}

/**
 * Starts the built server (apps/server/dist) as users run it in production, on embedded PGlite in a
 * throw-away DATA_DIR filled with the demo catalogue, so results never depend on a developer's ./data.
 */
export async function startBuiltServer(repoRoot: string, webDist: string): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'larder-bench-web-'))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      // Production, because that is what shoppers get (headers, compression, no dev routes).
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
      MAIL_TRANSPORT: 'outbox',
    },
  })
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await waitUntilReady(origin, child, 120_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { origin, stop }
}
