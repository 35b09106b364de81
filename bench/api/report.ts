/** The results table printed to the terminal and written into docs/benchmarks.md. */
import { writeDocsSection } from '../docs-section'

export interface EndpointResult {
  name: string
  path: string
  round: number
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  /** This endpoint's req/s over hello-world's in the same round. */
  ratio: number
  /** CPU time per request in µs, of the server process and of PostgreSQL's backends (cpu.ts). */
  serverCpuUs: number | undefined
  postgresCpuUs: number | undefined
}

export interface Machine {
  cpus: number
  memoryGb: number
  node: string
  postgres: string
  load: string
  date: string
}

export const TARGET_RATIO = 0.5
export const TARGET_P99_MS = 10

export function meetsTargets(r: EndpointResult): boolean {
  return (
    r.name === 'hello-world' ||
    (r.ratio >= TARGET_RATIO && r.p99 < TARGET_P99_MS && r.errors + r.non2xx === 0)
  )
}

export function table(results: EndpointResult[]): string {
  const rows = results.map((r) => {
    const ok = r.name === 'hello-world' ? '—' : meetsTargets(r) ? 'yes' : 'no'
    const failures = r.errors + r.non2xx
    const cpu = (us: number | undefined) => (us === undefined ? '—' : String(us))
    return `| ${r.name} | ${r.round} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${(r.ratio * 100).toFixed(0)}% | ${cpu(r.serverCpuUs)} | ${cpu(r.postgresCpuUs)} | ${failures} | ${ok} |`
  })
  return [
    '| endpoint | round | req/s | p50 ms | p99 ms | vs hello-world | server µs/req | PostgreSQL µs/req | errors | target met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
    ...rows,
  ].join('\n')
}

const START = '<!-- bench:api:start -->'
const END = '<!-- bench:api:end -->'

/** Replaces the generated part of the API section, keeping whatever people wrote around it. */
export async function writeDocs(
  file: string,
  machine: Machine,
  command: string,
  results: EndpointResult[],
  paths: string,
) {
  const allMet = results.every(meetsTargets)
  const body = [
    `Latest run (written by \`${command}\`):`,
    '',
    `- Date: ${machine.date}`,
    `- Machine: ${machine.cpus} CPUs (\`nproc\`), ${machine.memoryGb} GB memory, load average ${machine.load} at the start`,
    `- Node ${machine.node}, ${machine.postgres}`,
    `- autocannon, 10 connections, per endpoint: ${paths}`,
    '',
    table(results),
    '',
    `Targets (every catalogue read ≥ ${TARGET_RATIO * 100}% of hello-world req/s and p99 < ${TARGET_P99_MS} ms): ${allMet ? '**met**' : '**not met**'}.`,
  ].join('\n')
  await writeDocsSection(file, { start: START, end: END, body, intro: '## API' })
}
