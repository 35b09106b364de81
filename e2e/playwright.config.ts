import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHAT_GROUP_URL, FIRST_OPERATOR_OUTPUT } from './support/server-settings'

// Overridable so that several people can run the suite side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3107)
const BASE_URL = `http://127.0.0.1:${PORT}`
const REPO_ROOT = path.resolve(import.meta.dirname, '..')
const DATA_DIR_PREFIX = 'larder-e2e-'

// Playwright evaluates this file in the runner and again in every worker: the runner makes the data
// directory and hands it down through the environment, so all of them agree on one per run.
function dataDirForThisRun(): string {
  const existing = process.env.LARDER_E2E_DATA_DIR
  if (existing) return existing
  removeStaleDataDirs()
  const created = mkdtempSync(path.join(os.tmpdir(), DATA_DIR_PREFIX))
  process.env.LARDER_E2E_DATA_DIR = created
  // The web server outlives global teardown, so the runner removes the database as it exits.
  process.on('exit', () => rmSync(created, { recursive: true, force: true }))
  return created
}

// Runs that were killed never reached their exit handler.
function removeStaleDataDirs() {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(DATA_DIR_PREFIX)) continue
    const dir = path.join(os.tmpdir(), name)
    try {
      if (statSync(dir).mtimeMs < dayAgo) rmSync(dir, { recursive: true, force: true })
    } catch {
      // Another run may be removing it at the same moment.
    }
  }
}

const DATA_DIR = dataDirForThisRun()

/**
 * The marketplace's first operator, made as a new marketplace makes it: `npm run admin -- create` on the
 * command line (docs/operations.md), against the server's own database, which prints a single-use link to
 * choose the password. The back-office journey (journeys/back-office.spec.ts) follows that link.
 *
 * The CLI runs just before the server starts, in the web server's command: the embedded database (PGlite)
 * belongs to one process at a time, so the CLI cannot open DATA_DIR once the server holds it, and
 * Playwright starts the web server before globalSetup, so a global setup would come too late. What it
 * prints goes to a file in DATA_DIR, where the journey reads it. The CLI migrates the empty database; the
 * server then finds it migrated and seeds the demo catalogue as usual (the seed only looks for products).
 * The address is unique to the run, as the data directory is.
 */
const FIRST_OPERATOR = `owner-${path.basename(DATA_DIR).slice(DATA_DIR_PREFIX.length).toLowerCase()}@example.com`

/**
 * The browser: Debian's headless build of Chromium when it is installed (`chromium-headless-shell`, as
 * Playwright itself runs headless tests by default), else the full browser of Debian's `chromium`. Both are
 * built from the same Chromium source; the headless build leaves out the windowed browser's parts, which
 * took 40% of a navigation's CPU on a 2-core machine (6.0 s against 10.1 s for 16 page loads, 2026-11-28),
 * and the browser is most of the suite's CPU.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const BROWSER = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The tag of tests that change what every shopper sees: they run after the rest (projects, below). */
const STOREFRONT_WIDE = /@storefront-wide/
/**
 * Each project's shoppers come from an address of their own, as the server sees it: it believes
 * X-Forwarded-For from 127.0.0.1 (TRUST_PROXY below, as behind a reverse proxy on the same machine), so the
 * per-address limits (30 orders an hour, 10 registrations, 5 contact messages in 10 minutes) hold for each
 * project, not for the whole suite at once. Loopback addresses, so the development outbox still answers.
 */
const from = (address: string) => ({ extraHTTPHeaders: { 'x-forwarded-for': address } })
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One more try for a test that failed: on a machine busy enough to miss a 10 s expectation (CI's 2 cores
  // running two browsers and the server), a pass on the second try is listed as "flaky" in the summary, so
  // it is seen, and two failures in a row still fail the run.
  retries: 1,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    headless: true,
    // No trace: recording one for every test, to keep the failures', made the suite a third slower (206 s
    // against 157 s and 160 s for the same three files, twice each). Rerun a failure with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Debian's Chromium: Playwright's own browser downloads are not available here.
    launchOptions: { executablePath: BROWSER, args: CHROMIUM_FLAGS },
  },
  projects: [
    { name: 'desktop', use: { ...DESKTOP, ...from('127.0.1.1') }, grepInvert: STOREFRONT_WIDE },
    { name: 'phone', use: { ...PHONE, ...from('127.0.1.2') }, grepInvert: STOREFRONT_WIDE },
    // Tests tagged STOREFRONT_WIDE change what every shopper sees (a new shop with a thousand products, a
    // suspended shop, new categories), so they run once every other test is done, the desktop's before the
    // phone's: a shop count or a listing total checked elsewhere never meets them half-way. Alone:
    // `--project desktop-storefront-wide --no-deps`.
    {
      name: 'desktop-storefront-wide',
      use: { ...DESKTOP, ...from('127.0.1.3') },
      grep: STOREFRONT_WIDE,
      dependencies: ['desktop', 'phone'],
    },
    {
      name: 'phone-storefront-wide',
      use: { ...PHONE, ...from('127.0.1.4') },
      grep: STOREFRONT_WIDE,
      dependencies: ['desktop-storefront-wide'],
    },
  ],
  webServer: {
    // The first operator on the command line, then the built app, as users run it: `npm run build` first.
    command: `npm run admin -- create --email ${FIRST_OPERATOR} > "$DATA_DIR/${FIRST_OPERATOR_OUTPUT}" && exec node apps/server/dist/server.js`,
    cwd: REPO_ROOT,
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    // The first start migrates (in the CLI) and seeds a fresh embedded database.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // Payment links and e-mails point back at the address the browser uses.
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      NODE_ENV: 'test',
      // Always the embedded database and the sandbox providers, whatever the calling shell has set.
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
      CHAT_GROUP_URL,
      // A web build elsewhere than apps/web/dist (npm run build -w @larder/web -- --outDir <dir>), for
      // side-by-side runs.
      WEB_DIST: process.env.E2E_WEB_DIST ?? '',
    },
  },
})
