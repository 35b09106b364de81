/**
 * npm run bench:web:tasks [-- --path /products] [-- --runs 3] [-- --no-build]
 *
 * Where a page's total blocking time comes from: Lighthouse's long tasks (simulated, as scored) and, for
 * each main-thread task of the observed load over 8 ms (a third of what counts after the four-fold
 * simulation), what it spent its time on. This is how the first layout, the entry's evaluation and
 * hydration's effects were found to be what remains (docs/benchmarks.md). Prints only; writes nothing.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import lighthouse, { type Result } from 'lighthouse'
import { launchChromium } from './lighthouse'
import { buildStore, startBuiltServer } from './server'

const REPO_ROOT = path.resolve(import.meta.dirname, '../..')
const OBSERVED_TASK_MS = 8

/** The parts of a trace event read here. */
interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { beginData?: { url?: string } }
}

interface LongTask {
  startTime: number
  duration: number
  url: string
}

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

function longTasks(lhr: Result): LongTask[] {
  const details = lhr.audits['long-tasks']?.details
  return details && details.type === 'table' ? (details.items as unknown as LongTask[]) : []
}

/** The observed main-thread tasks of the page's renderer from the first parse of its HTML on. */
function describeTasks(events: TraceEvent[]): string[] {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith('http'))
  if (!parse) return ['  (no HTML parse in the trace)']
  const main = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts)
  const ms = (us: number) => (us / 1000).toFixed(1)
  return main
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 >= OBSERVED_TASK_MS && e.ts >= parse.ts - 1)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0)
      const spent = new Map<string, number>()
      // Paint and others nest inside themselves: only the outermost of each name counts.
      const outermostEnd = new Map<string, number>()
      for (const e of main) {
        if (!WORK.includes(e.name) || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue
        if (e.ts < (outermostEnd.get(e.name) ?? 0)) continue
        outermostEnd.set(e.name, e.ts + (e.dur ?? 0))
        spent.set(e.name, (spent.get(e.name) ?? 0) + (e.dur ?? 0))
      }
      const parts = [...spent].sort((a, b) => b[1] - a[1]).map(([name, us]) => `${name} ${ms(us)}`)
      return `  +${ms(task.ts - parse.ts).padStart(6)} ms  ${ms(task.dur ?? 0).padStart(5)} ms  ${parts.join(', ')}`
    })
}

async function main(): Promise<void> {
  if (!values['no-build']) buildStore(REPO_ROOT)
  const server = await startBuiltServer(REPO_ROOT, path.join(REPO_ROOT, 'apps/web/dist'))
  const chrome = await launchChromium()
  try {
    const url = `${server.origin}${values.path}`
    for (let run = 1; run <= Math.max(1, Number(values.runs) || 1); run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}`)
      const { lhr } = result
      const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100)
      console.info(
        `Run ${run}: performance ${score}, TBT ${audit('total-blocking-time')} ms, FCP ${audit('first-contentful-paint')} ms, LCP ${audit('largest-contentful-paint')} ms, benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
      )
      console.info(' Long tasks as simulated (start, duration, attributed to):')
      for (const task of longTasks(lhr))
        console.info(`  ${Math.round(task.startTime)} ms  +${Math.round(task.duration)} ms  ${task.url}`)
      console.info(` Observed tasks of ${OBSERVED_TASK_MS} ms or more (since the HTML's first parse):`)
      for (const line of describeTasks(traceEvents(result.artifacts))) console.info(line)
    }
  } finally {
    await chrome.kill()
    await server.stop()
  }
}

await main()
