/**
 * CPU time used by the server and by PostgreSQL's backends while an endpoint is measured, read from /proc
 * (Linux only; elsewhere the figures are left out). On a shared machine req/s move with everyone else's load,
 * while the CPU time one request costs stays much steadier, so the report gives both.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

let ticksPerSecond: number | undefined
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  return ticksPerSecond
}

interface ProcStat {
  parent: number
  /** user + system, in clock ticks */
  ticks: number
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may contain spaces; the fields after its closing parenthesis do not.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }
  } catch {
    return undefined
  }
}

/**
 * Ticks per process: the server's (its primary and the worker processes it forks, `WORKERS`) and
 * PostgreSQL's backends (its postmaster's children).
 */
export interface CpuSnapshot {
  server: Map<number, number> | undefined
  backends: Map<number, number> | undefined
}

export function snapshot(serverPid: number | undefined, postmasterPid: number | undefined): CpuSnapshot {
  if (!fs.existsSync('/proc')) return { server: undefined, backends: undefined }
  const server = new Map<number, number>()
  const backends = new Map<number, number>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    const stat = readStat(pid)
    if (stat === undefined) continue
    if (serverPid !== undefined && (pid === serverPid || stat.parent === serverPid))
      server.set(pid, stat.ticks)
    if (postmasterPid !== undefined && stat.parent === postmasterPid) backends.set(pid, stat.ticks)
  }
  return {
    server: serverPid === undefined ? undefined : server,
    backends: postmasterPid === undefined ? undefined : backends,
  }
}

/**
 * Microseconds of CPU per request between two snapshots. A process that started in between (the pool opens
 * connections again after 10 s idle; a worker replaced) counts whole; one that exited in between is lost,
 * but that is an idle one.
 */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number) {
  const perRequest = (ticks: number) => Math.round(((ticks / clockTicks()) * 1e6) / Math.max(requests, 1))
  const used = (from: Map<number, number> | undefined, to: Map<number, number> | undefined) => {
    if (from === undefined || to === undefined) return undefined
    let ticks = 0
    for (const [pid, end] of to) ticks += end - (from.get(pid) ?? 0)
    return perRequest(ticks)
  }
  return { server: used(before.server, after.server), postgres: used(before.backends, after.backends) }
}

/** The postmaster's pid from its data directory, which is the first line of postmaster.pid. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0])
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}
