import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_JWT_SECRET } from './test/test-app'

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url))
const ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))

/** Every file and folder under `dir` whose mode lets the group or others in, with that mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = []
  const walk = (target: string) => {
    const stat = fs.lstatSync(target)
    if ((stat.mode & 0o077) !== 0)
      found.push(`${path.relative(dir, target)} ${(stat.mode & 0o777).toString(8)}`)
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) walk(path.join(target, name))
  }
  walk(dir)
  return found
}

describe('DATA_DIR', () => {
  let root = ''
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true })
  })

  it(
    'is private to the server user (folders 0700, files 0600) under a permissive umask',
    { timeout: 180_000 },
    async () => {
      root = await mkdtemp(path.join(os.tmpdir(), 'larder-data-dir-'))
      const dataDir = path.join(root, 'data')
      // What an earlier start under umask 000 left behind.
      fs.mkdirSync(dataDir, { mode: 0o777 })
      fs.chmodSync(dataDir, 0o777)
      fs.writeFileSync(path.join(dataDir, 'left-over'), 'x')
      fs.chmodSync(path.join(dataDir, 'left-over'), 0o666)

      // The shell's umask 000 is what made the files world-writable: the server must not depend on it.
      const child = spawn('sh', ['-c', `umask 000; exec "${process.execPath}" --import tsx "${ENTRY}"`], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          WEB_DIST: '/nonexistent',
          JWT_SECRET: TEST_JWT_SECRET,
          SEED_DEMO: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      let output = ''
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString()
          if (/Server listening at/.test(output)) resolve()
        }
        child.stdout.on('data', onData)
        child.stderr.on('data', onData)
        void exited.then(() => reject(new Error(`server exited:\n${output}`)))
      })
      child.kill('SIGTERM')
      expect(await exited, output).toBe(0)

      expect(fs.readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(0)
      expect(openToOthers(dataDir)).toEqual([])
    },
  )
})
