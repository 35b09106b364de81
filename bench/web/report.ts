import os from 'node:os'
import { writeDocsSection } from '../docs-section'
import { CATEGORIES, type Category, type PageResult } from './lighthouse'

export const TARGETS = { score: 100, initialJsKb: 100, cls: 0 }

/** The lowest benchmark index of the host that Lighthouse's default 4× CPU slowdown is calibrated for. */
const CALIBRATED_INDEX = 1500

// The script rewrites only what lies between these markers, so the hand-written text of the Web section
// and the API section (another benchmark's) stay as they are.
const START = '<!-- bench:web:results:start -->'
const END = '<!-- bench:web:results:end -->'

const LABELS: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
}

export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1)
}

export function totalGzip(page: PageResult): number {
  return page.scripts.reduce((sum, script) => sum + script.gzipBytes, 0)
}

function totalTransfer(page: PageResult): number {
  return page.scripts.reduce((sum, script) => sum + script.transferBytes, 0)
}

function mark(met: boolean): string {
  return met ? 'met' : '**missed**'
}

export interface RunInfo {
  date: string
  command: string
  runs: number
  /** `os.loadavg()` when the run began: other work on the machine moves total blocking time most. */
  loadAtStart: number[]
}

export function machine(): string {
  const cpus = os.cpus()
  const memoryGb = (os.totalmem() / 1024 ** 3).toFixed(0)
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${memoryGb} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}, Lighthouse 12, Debian Chromium (headless)`
}

/** The generated part of the Web section: machine, date, command, the table and the targets. */
export function resultsMarkdown(pages: PageResult[], info: RunInfo): string {
  const header = [
    'Page',
    ...CATEGORIES.map((c) => LABELS[c]),
    'LCP',
    'TBT',
    'CLS',
    'JS gzip (kB)',
    'JS sent (kB)',
    'Performance, every run',
  ]
  const rows = pages.map((p) => [
    `\`${p.path}\``,
    ...CATEGORIES.map((c) => String(p.scores[c])),
    `${(p.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(p.tbtMs)} ms`,
    p.cls.toFixed(3),
    kb(totalGzip(p)),
    kb(totalTransfer(p)),
    p.performanceRuns.join(', '),
  ])
  const table = [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')
  const targets = [
    ...CATEGORIES.map((c) => {
      const worst = Math.min(...pages.map((p) => p.scores[c]))
      return `- ${LABELS[c]} ${TARGETS.score} on every page: ${mark(worst >= TARGETS.score)} (lowest ${worst}).`
    }),
    (() => {
      const worst = Math.max(...pages.map(totalGzip))
      return `- Initial JavaScript under ${TARGETS.initialJsKb} kB gzip: ${mark(worst < TARGETS.initialJsKb * 1000)} (largest ${kb(worst)} kB).`
    })(),
    (() => {
      const worst = Math.max(...pages.map((p) => p.cls))
      return `- CLS ${TARGETS.cls}: ${mark(worst <= TARGETS.cls)} (largest ${worst.toFixed(3)}).`
    })(),
  ]
  const failing = pages
    .filter((p) => p.failing.length > 0)
    .map((p) => `- \`${p.path}\`: ${p.failing.map((f) => `\`${f}\``).join(', ')}`)
  const indexes = pages.flatMap((p) => p.benchmarkIndexes)
  const slowHost =
    Math.min(...indexes) < CALIBRATED_INDEX
      ? [
          '',
          `Lighthouse's 4× CPU slowdown is meant for a host with a benchmark index of ${CALIBRATED_INDEX}–2000 (docs/throttling.md in its repository). Some of these runs had a slower host, where the same slowdown stands for a slower phone than Lighthouse's reference one.`,
        ]
      : []
  return [
    `Measured ${info.date} on ${machine()}, with \`${info.command}\` (median of ${info.runs} run${info.runs === 1 ? '' : 's'} per page by performance score). Load average ${info.loadAtStart.map((n) => n.toFixed(2)).join(', ')} at the start; Lighthouse's benchmark index of this machine's CPU: ${Math.min(...indexes)}–${Math.max(...indexes)} over the runs.`,
    ...slowHost,
    '',
    table,
    '',
    'Targets:',
    '',
    ...targets,
    ...(failing.length > 0 ? ['', 'Audits that did not pass:', '', ...failing] : []),
  ].join('\n')
}

const SECTION_INTRO = `## Web

\`npm run bench:web\` builds the web app and the server, starts the built server in production mode on
embedded PGlite with the demo catalogue (a temporary \`DATA_DIR\`, a free port), and runs Lighthouse 12
(mobile form factor, simulated throttling: Lighthouse's defaults) in Debian's Chromium on \`/\`,
\`/products\` and the detail page of the first product the API lists. "JS gzip" is the JavaScript each page
loads on first load: the script requests in Lighthouse's network records, each body fetched again and
gzipped with zlib's default level (the figure Vite's build report prints). "JS sent" is what went over the
wire (the server prefers Brotli).
`

/** Writes the results into docs/benchmarks.md, as a new Web section at the end the first time. */
export async function writeResults(file: string, results: string): Promise<void> {
  await writeDocsSection(file, { start: START, end: END, body: results, intro: SECTION_INTRO })
}
