/**
 * npm run bench:web:tasks [-- --path /products] [-- --runs 3] [-- --no-build]
 *
 * Where a page's total blocking time comes from: the simulated tasks Lighthouse counts towards it (read
 * from the simulation it has just run, with the kind of work each did) and, for each main-thread task of
 * the observed load over 8 ms (a third of what counts after the four-fold simulation), what it spent its
 * time on. This is how the navigation's commit, the parse and the first layout were found to be most of
 * what remains on `/` (docs/benchmarks.md). Last, the main thread's CPU time by kind of work, median over
 * the runs: the trace's wall times stretch with the machine's load, its CPU times much less, so that is
 * the figure to compare two builds by. Prints only; writes nothing.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js'
import { launchChromium, runLighthouse } from './lighthouse'
import { buildStore, startBuiltServer } from './server'

const REPO_ROOT = path.resolve(import.meta.dirname, '../..')
const OBSERVED_TASK_MS = 8
// Long enough for the first paint, the scripts and hydration of every page measured here.
const CPU_WINDOW_MS = 1500

/** The parts of a trace event read here. */
interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  /** CPU time of the event's thread: its duration less the time it waited for a core. */
  tdur?: number
  pid: number
  tid: number
  args?: { beginData?: { url?: string } }
}

/** A simulated main-thread task, as far as it counts towards total blocking time. */
interface CountedTask {
  startMs: number
  blockingMs: number
  observedMs: number
  kind: string
}

// What a counted task mostly was: whichever of these took most of it.
const KINDS = [
  'DocumentLoader::CommitNavigation',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'v8.evaluateModule',
  'FunctionCall',
  'EventDispatch',
]
const BLOCKING_THRESHOLD_MS = 50

// What a task's time goes to, by the trace's own names (Chromium's devtools.timeline category).
const WORK = [
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'EventDispatch',
]

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/' },
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
  },
})

function traceEvents(artifacts: unknown): TraceEvent[] {
  if (typeof artifacts !== 'object' || artifacts === null || !('Trace' in artifacts)) return []
  const trace: unknown = artifacts.Trace
  if (typeof trace !== 'object' || trace === null || !('traceEvents' in trace)) return []
  return Array.isArray(trace.traceEvents) ? (trace.traceEvents as TraceEvent[]) : []
}

/**
 * Microseconds spent in each of `names` among `events` (sorted by start): wall time, or CPU time with
 * `cpu`. Paint and others nest inside themselves, so only the outermost event of each name counts.
 */
function timeByName(
  events: readonly { name: string; ts: number; dur?: number; tdur?: number }[],
  names: readonly string[],
  { cpu = false } = {},
): Map<string, number> {
  const spent = new Map<string, number>()
  const outermostEnd = new Map<string, number>()
  for (const e of events) {
    if (!names.includes(e.name) || e.ts < (outermostEnd.get(e.name) ?? 0)) continue
    outermostEnd.set(e.name, e.ts + (e.dur ?? 0))
    spent.set(e.name, (spent.get(e.name) ?? 0) + ((cpu ? e.tdur : e.dur) ?? 0))
  }
  return spent
}

/** What a simulated task mostly was: whichever of KINDS took most of its events' time. */
function mostlyKind(events: readonly { name: string; ts: number; dur?: number }[]): string {
  const spent = timeByName(
    [...events].sort((a, b) => a.ts - b.ts),
    KINDS,
  )
  const [kind = 'other'] = [...spent].sort((a, b) => b[1] - a[1])[0] ?? []
  return kind
}

/**
 * The simulated tasks between FCP and TTI and the part of each beyond 50 ms, from the optimistic pass of
 * Lighthouse's TBT simulation (the pessimistic pass simulates the same tasks and differs only in the FCP
 * and TTI it clips them to). Tasks the FCP simulation leaves out, such as the navigation's commit, still
 * run first here, so they push everything after them past the simulated FCP.
 */
function countedTasks(fcpMs: number, ttiMs: number): CountedTask[] {
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get('optimisticTotalBlockingTime')
  const counted: CountedTask[] = []
  for (const [node, timing] of timings ?? []) {
    if (node.type !== 'cpu') continue
    const blockingMs =
      Math.min(timing.endTime, ttiMs) - Math.max(timing.startTime, fcpMs) - BLOCKING_THRESHOLD_MS
    if (blockingMs <= 0) continue
    const kind = mostlyKind(node.childEvents)
    counted.push({
      startMs: timing.startTime,
      blockingMs,
      observedMs: node.duration / 1000,
      kind,
    })
  }
  return counted.sort((a, b) => a.startMs - b.startMs)
}

const ms = (us: number) => (us / 1000).toFixed(1)

/** The page's first parse of its HTML and every complete event of its main thread, by start. */
function mainThread(events: TraceEvent[]): { parse: TraceEvent; main: TraceEvent[] } | undefined {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith('http'))
  if (!parse) return undefined
  const main = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts)
  return { parse, main }
}

/**
 * The main-thread tasks Lighthouse's FCP simulation ran, as Lantern picks them: the first that parses
 * HTML, the first that lays out and the first that paints. When the first two were done before the
 * page's own first parse began, they are the new renderer's initial empty document, and the page's own
 * parse and first layout are left out of the simulated FCP and land in TBT instead. A page sent with
 * Cross-Origin-Opener-Policy gets such a fresh renderer when Lighthouse opens it from about:blank
 * (docs/benchmarks.md, 2026-11-25, commit cf3dc53: `Cross-Origin-Opener-Policy`).
 */
function fcpTasks(events: TraceEvent[]): string[] {
  const pageParse = mainThread(events)?.parse.ts ?? 0
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get('optimisticFirstContentfulPaint')
  const lines: string[] = []
  for (const [node] of timings ?? []) {
    if (node.type !== 'cpu') continue
    const kind = mostlyKind(node.childEvents)
    const before =
      node.endTime <= pageParse ? ' (done before the page’s first parse: the initial empty document)' : ''
    lines.push(`  ${(node.duration / 1000).toFixed(1)} ms  ${kind}${before}`)
  }
  return lines
}

/** The observed main-thread tasks of the page's renderer from the first parse of its HTML on. */
function describeTasks(events: TraceEvent[]): string[] {
  const thread = mainThread(events)
  if (!thread) return ['  (no HTML parse in the trace)']
  const { parse, main } = thread
  return main
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 >= OBSERVED_TASK_MS && e.ts >= parse.ts - 1)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0)
      const inside = main.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
      const spent = timeByName(inside, WORK)
      const parts = [...spent].sort((a, b) => b[1] - a[1]).map(([name, us]) => `${name} ${ms(us)}`)
      return `  +${ms(task.ts - parse.ts).padStart(6)} ms  ${ms(task.dur ?? 0).padStart(5)} ms  ${parts.join(', ')}`
    })
}

/**
 * The main thread's CPU time in the first CPU_WINDOW_MS after the first parse: in all tasks (`total`) and
 * in each kind of work, in ms.
 */
function cpuByWork(events: TraceEvent[]): Map<string, number> {
  const thread = mainThread(events)
  if (!thread) return new Map()
  const { parse, main } = thread
  const inWindow = main.filter((e) => e.ts >= parse.ts - 1 && e.ts < parse.ts + CPU_WINDOW_MS * 1000)
  const spent = new Map<string, number>()
  const tasks = inWindow.filter((e) => e.name === 'RunTask')
  spent.set('total', tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000)
  for (const [name, us] of timeByName(inWindow, WORK, { cpu: true })) spent.set(name, us / 1000)
  return spent
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

async function main(): Promise<void> {
  if (!values['no-build']) buildStore(REPO_ROOT)
  const server = await startBuiltServer(REPO_ROOT, path.join(REPO_ROOT, 'apps/web/dist'))
  const chrome = await launchChromium()
  const runs = Math.max(1, Number(values.runs) || 1)
  const byKind = new Map<string, number>()
  const cpuRuns: Map<string, number>[] = []
  try {
    const url = `${server.origin}${values.path}`
    for (let run = 1; run <= runs; run++) {
      const result = await runLighthouse(url, chrome.port, { categories: ['performance'] })
      const { lhr } = result
      const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100)
      console.info(
        `Run ${run}: performance ${score}, TBT ${audit('total-blocking-time')} ms, FCP ${audit('first-contentful-paint')} ms, LCP ${audit('largest-contentful-paint')} ms, benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
      )
      const events = traceEvents(result.artifacts)
      console.info(' Tasks in the simulated FCP (observed task, mostly):')
      for (const line of fcpTasks(events)) console.info(line)
      console.info(' Counted towards TBT (simulated start, blocking, observed task, mostly):')
      for (const task of countedTasks(audit('first-contentful-paint'), audit('interactive'))) {
        console.info(
          `  ${Math.round(task.startMs)} ms  ${Math.round(task.blockingMs)} ms  ${task.observedMs.toFixed(1)} ms  ${task.kind}`,
        )
        byKind.set(task.kind, (byKind.get(task.kind) ?? 0) + task.blockingMs)
      }
      console.info(` Observed tasks of ${OBSERVED_TASK_MS} ms or more (since the HTML's first parse):`)
      for (const line of describeTasks(events)) console.info(line)
      cpuRuns.push(cpuByWork(events))
    }
    const perRun = [...byKind]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${Math.round(ms / runs)}`)
    console.info(`Counted towards TBT per run, on average, by kind of task (ms): ${perRun.join(', ')}`)
    // A kind of work missing from a run took no time in it.
    const cpuMedians = [...new Set(cpuRuns.flatMap((run) => [...run.keys()]))]
      .map((name): [string, number] => [name, median(cpuRuns.map((run) => run.get(name) ?? 0))])
      .sort((a, b) => b[1] - a[1])
      .map(([name, cpuMs]) => `${name} ${cpuMs.toFixed(1)}`)
    console.info(
      `Main-thread CPU time in the first ${CPU_WINDOW_MS} ms after the first parse, median of the runs (ms): ${cpuMedians.join(', ')}`,
    )
  } finally {
    await chrome.kill()
    await server.stop()
  }
}

await main()
