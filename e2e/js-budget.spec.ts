import path from 'node:path'
import { expect, test } from '@playwright/test'
import { kb, measureBuild, PAGE_JS_BUDGET_BYTES } from '../bench/web/js-size'

/**
 * Every page loads under 100 kB of JavaScript (gzip) at start: the entry and the page's own chunks, as the
 * server has the browser fetch them (bench/web/js-size.ts, `npm run bench:web:js` for the figures). Here
 * rather than among the unit tests because it needs the build, which `npm test` makes before the e2e
 * specs and which these specs' server runs; with no build it fails rather than passing unseen.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '..')
// The build the e2e server serves (playwright.config.ts passes E2E_WEB_DIST on as WEB_DIST).
const DIST = path.resolve(REPO_ROOT, process.env.E2E_WEB_DIST || 'apps/web/dist')

test('every page loads under 100 kB of JavaScript at start', async () => {
  test.skip(test.info().project.name !== 'desktop', 'one build for every device: checked once')
  const pages = await measureBuild(DIST)
  // The route table's pages, forms and all: a manifest the measure misread would find none.
  expect(pages.map((page) => page.module)).toEqual(
    expect.arrayContaining([
      'src/features/accounts/login-page.tsx',
      'src/features/content/contact-us-page.tsx',
      'src/features/orders/cart-checkout-page.tsx',
    ]),
  )
  const over = pages
    .filter((page) => page.gzipBytes >= PAGE_JS_BUDGET_BYTES)
    .map((page) => `${page.module}: ${kb(page.gzipBytes)} kB`)
  expect(over, `over ${kb(PAGE_JS_BUDGET_BYTES)} kB gzip at start`).toEqual([])
})
