/**
 * npm run bench:web:pair -- --a <origin> --b <origin> [--runs 5] [--paths /,/products,/product-detail/1]
 *
 * Audits the same pages on two running servers with Lighthouse (mobile, simulated throttling, as
 * `bench:web`), interleaved in one Chromium: page 1 on A, then on B, A, B… `runs` times each, then the next
 * page. On this shared machine a page's score moves by several points from minute to minute, so two
 * builds are compared only in runs made side by side (docs/decisions/0027-react-router-framework-trial.md
 * used it to compare another framework's port of the pages with ours). Prints, per page and server, the
 * median performance score, TBT, LCP and FCP, the JavaScript loaded (gzip, from the median run) and every
 * run's score. Nothing is written.
 */
import os from 'node:os'
import { parseArgs } from 'node:util'
import type { Result } from 'lighthouse'
import { launchChromium, runLighthouse, scriptLoads } from './lighthouse'
import { kb } from './report'

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    runs: { type: 'string', default: '5' },
    paths: { type: 'string', default: '/,/products,/product-detail/1' },
  },
})
const { a, b } = values
if (a === undefined || b === undefined)
  throw new Error('--a and --b take the two servers, as http://host:port')
const runs = Math.max(1, Number(values.runs) || 1)
const paths = values.paths.split(',')

interface Side {
  origin: string
  results: Result[]
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const score = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100)
const audit = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN

async function summary(pagePath: string, side: Side): Promise<string> {
  const { results } = side
  const byScore = [...results].sort((x, y) => score(x) - score(y))
  const middle = byScore[Math.floor(byScore.length / 2)]
  if (!middle) throw new Error('no Lighthouse run')
  const js = (await scriptLoads(middle)).reduce((sum, s) => sum + s.gzipBytes, 0)
  const ms = (id: string) => Math.round(median(results.map((r) => audit(r, id))))
  const indexes = results.map((r) => Math.round(r.environment.benchmarkIndex))
  return [
    `\`${pagePath}\``,
    side.origin,
    String(median(results.map(score))),
    `${ms('total-blocking-time')} ms`,
    `${ms('largest-contentful-paint')} ms`,
    `${ms('first-contentful-paint')} ms`,
    kb(js),
    results.map(score).join(', '),
    `${Math.min(...indexes)}–${Math.max(...indexes)}`,
  ].join(' | ')
}

async function main(): Promise<void> {
  const started = new Date().toISOString()
  const load = os.loadavg().map((n) => n.toFixed(2))
  const chrome = await launchChromium()
  const rows: string[] = []
  try {
    for (const pagePath of paths) {
      const sides: Side[] = [
        { origin: a as string, results: [] },
        { origin: b as string, results: [] },
      ]
      for (let run = 0; run < runs; run++) {
        for (const side of sides) {
          const { lhr } = await runLighthouse(`${side.origin}${pagePath}`, chrome.port, {
            categories: ['performance'],
          })
          side.results.push(lhr)
          console.info(`${pagePath} ${side.origin} run ${run + 1}: ${score(lhr)}`)
        }
      }
      for (const side of sides) rows.push(await summary(pagePath, side))
    }
  } finally {
    await chrome.kill()
  }
  console.info(`\nStarted ${started}, load average ${load.join(', ')}; ended ${new Date().toISOString()}.`)
  console.info(`${runs} interleaved runs per page and server; medians over the runs.\n`)
  const header = ['Page', 'Server', 'Performance', 'TBT', 'LCP', 'FCP', 'JS gzip (kB)', 'Every run', 'Index']
  for (const row of [header.join(' | '), header.map(() => '---').join(' | '), ...rows])
    console.info(`| ${row} |`)
}

await main()
