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

/** Ticks of the process and of each child of `parent` (PostgreSQL's backends are its postmaster's). */
export interface CpuSnapshot {
  server: number | undefined
  backends: Map<number, number> | undefined
}

export function snapshot(serverPid: number | undefined, postmasterPid: number | undefined): CpuSnapshot {
  const server = serverPid === undefined ? undefined : readStat(serverPid)?.ticks
  let backends: Map<number, number> | undefined
  if (postmasterPid !== undefined && fs.existsSync('/proc')) {
    backends = new Map()
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const stat = readStat(Number(entry))
      if (stat?.parent === postmasterPid) backends.set(Number(entry), stat.ticks)
    }
  }
  return { server, backends }
}

/**
 * Microseconds of CPU per request between two snapshots. A backend that started in between (the pool opens
 * connections again after 10 s idle) counts whole; one that exited in between is lost, but that is an idle one.
 */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number) {
  const perRequest = (ticks: number) => Math.round(((ticks / clockTicks()) * 1e6) / Math.max(requests, 1))
  let postgres: number | undefined
  if (before.backends && after.backends) {
    let ticks = 0
    for (const [pid, end] of after.backends) ticks += end - (before.backends.get(pid) ?? 0)
    postgres = perRequest(ticks)
  }
  const server =
    before.server !== undefined && after.server !== undefined
      ? perRequest(after.server - before.server)
      : undefined
  return { server, postgres }
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
