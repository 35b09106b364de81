import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result, type RunnerResult } from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'

/** The flags e2e/playwright.config.ts uses for Debian's Chromium in a container, and so do these runs. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Debian's Chromium for Lighthouse to drive. */
export const launchChromium = () =>
  chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS })

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

export interface ScriptLoad {
  url: string
  /** Bytes on the wire as the server sent them (it prefers Brotli). */
  transferBytes: number
  /** The body gzipped here with zlib's default level, the figure Vite's build report prints. */
  gzipBytes: number
}

export interface PageResult {
  path: string
  scores: Record<Category, number>
  lcpMs: number
  tbtMs: number
  cls: number
  scripts: ScriptLoad[]
  /** Audits of any category that did not pass, so the report says what to fix. */
  failing: string[]
  /** The performance score of every run, lowest first: the spread the median hides. */
  performanceRuns: number[]
  /**
   * Lighthouse's measure of this machine's CPU speed in every run. Its 4x simulated slowdown assumes a
   * fast desktop; the lower the index, the slower the phone the figures stand for.
   */
  benchmarkIndexes: number[]
}

interface NetworkItem {
  url: string
  resourceType?: string
  transferSize?: number
}

function numericAudit(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue
  if (value === undefined) throw new Error(`Lighthouse gave no value for ${id}`)
  return value
}

/** The JS the page loaded, from Lighthouse's own network records; bodies are fetched again to gzip them. */
export async function scriptLoads(lhr: Result): Promise<ScriptLoad[]> {
  const details = lhr.audits['network-requests']?.details
  const items = details && details.type === 'table' ? (details.items as unknown as NetworkItem[]) : []
  const scripts = items.filter((item) => item.resourceType === 'Script')
  return Promise.all(
    scripts.map(async (item) => {
      const body = Buffer.from(await (await fetch(item.url)).arrayBuffer())
      return { url: item.url, transferBytes: item.transferSize ?? 0, gzipBytes: gzipSync(body).length }
    }),
  )
}

function failingAudits(lhr: Result): string[] {
  const ids = new Set<string>()
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      // Weight 0 audits are informational; a null score means "not applicable".
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        ids.add(`${category}: ${audit.id}`)
    }
  }
  return [...ids]
}

/** One Lighthouse run of `categories` (mobile, simulated throttling), its report and its artifacts. */
export async function runLighthouse(
  url: string,
  port: number,
  { categories = CATEGORIES, cpuSlowdown }: { categories?: readonly Category[]; cpuSlowdown?: number } = {},
): Promise<RunnerResult> {
  // Chromium sometimes loses the trace on this loaded machine (NO_NAVSTART); a second try usually works.
  for (let attempt = 1; ; attempt++) {
    // Lighthouse's defaults are the mobile form factor with simulated throttling; only the CPU's slowdown
    // may differ, to see how much room a page has on a machine slower than this one.
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      ...(cpuSlowdown === undefined
        ? {}
        : { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } }),
    })
    if (result && !result.lhr.runtimeError) return result
    const reason = result?.lhr.runtimeError?.message ?? 'no result'
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${reason}`)
    console.warn(`Lighthouse failed on ${url} (${reason}); trying again`)
  }
}

/**
 * Audits one page `runs` times and keeps the run with the median performance score, as Lighthouse's own
 * guidance suggests for noisy machines (this one has 2 cores shared with other work).
 */
export async function auditPage(
  origin: string,
  pagePath: string,
  runs: number,
  cpuSlowdown?: number,
): Promise<PageResult> {
  const chrome = await launchChromium()
  try {
    const results: Result[] = []
    for (let i = 0; i < runs; i++)
      results.push((await runLighthouse(`${origin}${pagePath}`, chrome.port, { cpuSlowdown })).lhr)
    results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))
    const lhr = results[Math.floor(results.length / 2)]
    const performanceRuns = results.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100))
    if (!lhr) throw new Error('no Lighthouse run')
    const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
    return {
      path: pagePath,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      lcpMs: numericAudit(lhr, 'largest-contentful-paint'),
      tbtMs: numericAudit(lhr, 'total-blocking-time'),
      cls: numericAudit(lhr, 'cumulative-layout-shift'),
      scripts: await scriptLoads(lhr),
      failing: failingAudits(lhr),
      performanceRuns,
      benchmarkIndexes: results.map((run) => Math.round(run.environment.benchmarkIndex)),
    }
  } finally {
    await chrome.kill()
  }
}
