/**
 * npm run bench:web [-- --runs 5] [-- --no-build] [-- --no-write] [-- --cpu-slowdown 6.4]
 * Builds the app, serves the build, audits three pages with Lighthouse and writes docs/benchmarks.md.
 * `--cpu-slowdown` replaces Lighthouse's 4x CPU slowdown, as if the machine were that much slower still
 * (6.4 is this machine at the slowest benchmark index measured on it); such figures are printed only.
 */
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { auditPage, CATEGORIES, type PageResult } from './lighthouse'
import { kb, resultsMarkdown, totalGzip, writeResults } from './report'
import { buildStore, startBuiltServer } from './server'

const REPO_ROOT = path.resolve(import.meta.dirname, '../..')

const { values } = parseArgs({
  options: {
    // Lighthouse's own advice for a noisy machine is the median of five runs; on this shared 2-core one,
    // a page's total blocking time varies from 20 to 190 ms between runs of the same build.
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    'cpu-slowdown': { type: 'string' },
  },
})
const runs = Math.max(1, Number(values.runs) || 1)
const cpuSlowdown = values['cpu-slowdown'] === undefined ? undefined : Number(values['cpu-slowdown'])
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1))
  throw new Error('--cpu-slowdown takes a number, 1 or more')

/** A real product from the seeded catalogue, so the detail page shows what shoppers see. */
async function firstProductId(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/public/products?page=0&size=1`)
  const products: unknown = await res.json()
  const first: unknown = Array.isArray(products) ? products[0] : undefined
  if (typeof first !== 'object' || first === null || !('id' in first)) throw new Error('no product to audit')
  return String(first.id)
}

function printPage(page: PageResult): void {
  const scores = CATEGORIES.map((c) => `${c} ${page.scores[c]}`).join(', ')
  console.info(`${page.path}: ${scores}; LCP ${Math.round(page.lcpMs)} ms, TBT ${Math.round(page.tbtMs)} ms,`)
  console.info(
    `  CLS ${page.cls.toFixed(3)}, JS ${kb(totalGzip(page))} kB gzip in ${page.scripts.length} files`,
  )
  for (const s of page.scripts)
    console.info(`  ${kb(s.gzipBytes).padStart(6)} kB  ${new URL(s.url).pathname}`)
  for (const failing of page.failing) console.info(`  not passed: ${failing}`)
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()
  if (!values['no-build']) buildStore(REPO_ROOT)
  const server = await startBuiltServer(REPO_ROOT, path.join(REPO_ROOT, 'apps/web/dist'))
  try {
    const paths = ['/', '/products', `/product-detail/${await firstProductId(server.origin)}`]
    const pages: PageResult[] = []
    for (const pagePath of paths) {
      const page = await auditPage(server.origin, pagePath, runs, cpuSlowdown)
      printPage(page)
      pages.push(page)
    }
    // What changes the figures, written once after npm's `--` the way one would type it.
    const flags = [
      ...(runs === 5 ? [] : [`--runs ${runs}`]),
      ...(cpuSlowdown === undefined ? [] : [`--cpu-slowdown ${cpuSlowdown}`]),
    ]
    const markdown = resultsMarkdown(pages, {
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      command: ['npm run bench:web', ...(flags.length > 0 ? ['--', ...flags] : [])].join(' '),
      runs,
      loadAtStart,
    })
    // Printed too, so the figures survive even if someone else's edit of the docs wins a race.
    console.info(`\n${markdown}`)
    if (!values['no-write'] && cpuSlowdown === undefined)
      await writeResults(path.join(REPO_ROOT, 'docs/benchmarks.md'), markdown)
  } finally {
    await server.stop()
  }
}

await main()
