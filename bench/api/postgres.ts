/**
 * A throw-away PostgreSQL 15 cluster for one benchmark run (the same recipe as .ci/run): trust auth, only
 * 127.0.0.1, socket in its own /tmp folder, durability off because the data is thrown away afterwards.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { postmasterPid } from './cpu'
import { freePort } from './ports'

export const PG_BIN = '/usr/lib/postgresql/15/bin'

export interface Cluster {
  url: string
  version: string
  /** For the CPU figures (cpu.ts). */
  postmasterPid: number | undefined
  stop(): void
}

/** PostgreSQL refuses to run as root, so the cluster then belongs to the postgres user. */
function asPostgres(command: string, args: string[]): string {
  const isRoot = process.getuid?.() === 0
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/** "PostgreSQL 15.18 (Debian …)" for the report, or a plain label when the server cannot be asked. */
export function serverVersion(url: string): string {
  try {
    const version = execFileSync(`${PG_BIN}/psql`, [url, '-XAt', '-c', 'select version()'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    return version.trim().replace(/ on .*$/, '')
  } catch {
    return 'PostgreSQL from DATABASE_URL'
  }
}

export async function startCluster(): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-bench-pg.'))
  fs.chmodSync(dir, 0o755)
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir])
  const data = path.join(dir, 'data')
  // BENCH_PG_PORT: a port of one's own on a machine others share; otherwise any free one.
  const port = process.env.BENCH_PG_PORT ? Number(process.env.BENCH_PG_PORT) : await freePort()
  let started = false
  const stop = () => {
    if (started) {
      try {
        asPostgres(`${PG_BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', 'stop'])
      } catch {
        // Already gone: nothing left to stop.
      }
      started = false
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    asPostgres(`${PG_BIN}/initdb`, [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ])
    const options = [
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200',
    ].join(' ')
    started = true
    asPostgres(`${PG_BIN}/pg_ctl`, [
      '-D',
      data,
      '-l',
      path.join(dir, 'postgres.log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ])
  } catch (error) {
    stop()
    throw error
  }
  const version = execFileSync(`${PG_BIN}/postgres`, ['--version'], { encoding: 'utf8' }).trim()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    postmasterPid: postmasterPid(data),
    stop,
  }
}
