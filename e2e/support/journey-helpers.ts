import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { EARLY_CLICKS_GLOBAL } from '../../apps/web/src/framework/inline-scripts/names'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

const FAILED_RESOURCE = 'Failed to load resource'

/**
 * Collects console errors and uncaught exceptions, so a journey can demand a clean page. Chrome also logs
 * a page that answered 404 as a resource that failed to load; for the shop's not-found page (an unknown
 * path or product, which the server renders with status 404) that is by design, so those lines are left
 * out, whichever of the response and the line arrives first.
 */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = []
  const notFoundPages = new Set<string>()
  const failedLoads: { line: string; url: string }[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const url = message.location().url
    const failedLoad = message.text().startsWith(FAILED_RESOURCE)
    if (failedLoad && notFoundPages.has(url)) return
    const line = `console: ${message.text()} (${page.url()})`
    errors.push(line)
    if (failedLoad) failedLoads.push({ line, url })
  })
  page.on('response', async (response) => {
    if (response.status() !== 404 || !response.request().isNavigationRequest()) return
    // Only the shop's own not-found pages; any other page answering 404 is still an error.
    if (!(await response.text()).includes('<div id="root">')) return
    notFoundPages.add(response.url())
    for (const { line, url } of failedLoads) {
      const index = errors.indexOf(line)
      if (url === response.url() && index >= 0) errors.splice(index, 1)
    }
  })
  page.on('pageerror', (error) => errors.push(`page: ${error.message} (${page.url()})`))
  return errors
}

/**
 * Every axe violation as one readable line: rule id, impact, and the elements it names.
 *
 * Legacy mode runs axe once in the page. The default mode scans each frame apart and then opens a blank
 * page to merge the results, which doubled a scan's time (1.7 s against 0.9 s on /login). The pages
 * under test have no frames: the only one the shop has is Google's sign-in button, which needs
 * GOOGLE_CLIENT_ID, and these tests never reach Google.
 *
 * Only violations are gathered in full (`resultTypes`): axe then keeps one element per passing rule
 * instead of every one, which took 40% off a scan of the home page (2.7 s against 4.5 s). Violations are
 * found as before. The option goes before `withTags`, since `options()` replaces every option set so far,
 * the tags included.
 */
export async function a11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze()
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
}

/** The test fails listing every WCAG 2.2 AA violation axe finds on the page as it is now. */
export async function expectNoA11yViolations(page: Page) {
  expect(await a11yViolations(page)).toEqual([])
}

/** A shopper's registration details; each test makes its own, so runs never collide. */
export interface Shopper {
  login: string
  firstName: string
  lastName: string
  email: string
  password: string
}

/** Registers through the form and waits for the log-in page's confirmation. */
export async function register(page: Page, shopper: Shopper) {
  await page.goto('/register')
  await page.getByLabel('Username').fill(shopper.login)
  await page.getByLabel('First name').fill(shopper.firstName)
  await page.getByLabel('Last name').fill(shopper.lastName)
  await page.getByLabel('Email').fill(shopper.email)
  await page.getByLabel('Password', { exact: true }).fill(shopper.password)
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been created' })).toBeVisible()
}

/** Fills and sends the log-in form on the page that shows it. */
export async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username or email').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

export interface ApiProduct {
  id: number
  productName: string
  isFree: boolean
  qty: number
  salePrice: number | null
  categoryL1: string
  categoryL2: string | null
  vendorID: string
}

/** Products matching a search expression, straight from the API the storefront uses. */
export async function searchProducts(request: APIRequestContext, query: string, size = 20) {
  const response = await request.get('/api/public/_search/products', {
    params: { query, page: 0, size, sort: 'dateCreated,desc' },
  })
  expect(response.ok()).toBe(true)
  return (await response.json()) as ApiProduct[]
}

/** The double-submit pair the server checks on every POST: the cookie echoed in the header. */
const xsrf = { cookie: 'XSRF-TOKEN=e2e-journeys', 'x-xsrf-token': 'e2e-journeys' }

/** A pending guest order made through the API, for pages that need a real order id. */
export async function createGuestOrder(
  request: APIRequestContext,
  fields: Record<string, string> = {},
): Promise<string> {
  const response = await request.post('/api/public/orders', {
    headers: xsrf,
    data: {
      email: 'grace@example.test',
      deliveryFirstName: 'Grace',
      deliveryLastName: 'Hopper',
      deliveryPhoneNumber: '020 7946 0000',
      deliveryAddress: '12 Station Road',
      deliveryCity: 'Harrow',
      deliveryState: 'Middlesex',
      deliveryCountry: 'United Kingdom',
      deliveryPostCode: 'HA1 2AA',
      deliveryTown: 'Harrow',
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: '020 7946 0000',
      address: '12 Station Road',
      city: 'Harrow',
      country: 'United Kingdom',
      state: 'Middlesex',
      postcode: 'HA1 2AA',
      ...fields,
    },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/** The card form of the sandbox payment page. */
export async function payOnSandbox(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber)
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34')
  await page.getByLabel('Security code (CVC)').fill('123')
  await page.getByLabel('Name on card').fill('Ada Lovelace')
  await page.getByRole('button', { name: /^Pay £/ }).click()
}

/**
 * Payment links name PUBLIC_URL, which may be another host than the test server's 127.0.0.1 (and the
 * sandbox form may only post and redirect within its own origin). So the payment runs where the link
 * points, and pages reached through it are reopened by path on the test origin, where the cart was filled.
 */
export const onTestOrigin = (url: string) => {
  const { pathname, search } = new URL(url)
  return `${pathname}${search}`
}

/**
 * Presses a carousel's button until it turns off at the end. A press during a smooth scroll can find the
 * button still on, so each press gets a short wait and the whole is retried.
 */
export async function pressUntilDisabled(button: Locator) {
  await expect(async () => {
    if (await button.isEnabled()) await button.click({ timeout: 1000 })
    await expect(button).toBeDisabled({ timeout: 500 })
  }).toPass({ intervals: [50], timeout: 20_000 })
}

/**
 * Scrolls `target` to the middle of the screen at once, as a jump does, and answers how far it then moves
 * while what came into view is laid out (`content-visibility: auto` parts do so in the next frame or two).
 */
export async function movedAfterJumpTo(target: Locator): Promise<number> {
  return target.evaluate(async (element) => {
    element.scrollIntoView({ block: 'center' })
    const before = element.getBoundingClientRect().top
    for (let frame = 0; frame < 3; frame++) await new Promise((done) => requestAnimationFrame(done))
    return Math.abs(element.getBoundingClientRect().top - before)
  })
}

/**
 * Waits until a server-rendered page has hydrated: its links then move within the app instead of loading
 * the next page. Until then they are plain links, and the first paint now waits for the whole page
 * (decision 0015), so a test can click one before the scripts have run. Hydration removes the global
 * the early-clicks script sets.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction((global) => !(global in window), EARLY_CLICKS_GLOBAL)
}

/** Holds back the page's scripts until the returned function is called, as a slow connection would. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** The page is no wider than its window: nothing sticks out sideways, on a phone least of all. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `sideways overflow on ${page.url()}`).toBeLessThanOrEqual(0)
}
