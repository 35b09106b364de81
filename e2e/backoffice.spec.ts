import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations, logIn, register, watchForErrors } from './support/journey-helpers'

/** The demo's back-office logins (apps/server/src/db/seed/demo-accounts.ts), set outside production. */
const VENDOR = {
  email: 'vendor1@larder.test',
  password: 'larder-shop-demo',
  shop: 'Greenford Community Larder',
}

interface OutboxMail {
  to: string
  subject: string
  text: string
}

const unique = (label: string) => `${label}-${test.info().project.name}-${Date.now().toString(36)}`

/** The page's width fits the viewport: nothing makes a phone scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test('a shop member logs in from /vendor, invites a colleague, who accepts and works for the same shop', async ({
  page,
}) => {
  const errors = watchForErrors(page)
  await page.goto('/vendor/team')
  // No session: the log-in page, which brings the member back to where they were going.
  await expect(page).toHaveURL(/\/login\?next=%2Fvendor%2Fteam$/)
  await logIn(page, VENDOR.email, VENDOR.password)
  await expect(page).toHaveURL(/\/vendor\/team$/)
  await expect(page.getByRole('heading', { level: 1, name: VENDOR.shop })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('cell', { name: VENDOR.email })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoA11yViolations(page)

  // The shared schema's message, before anything is sent.
  await page.getByLabel('E-mail address').fill('not an address')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Enter an e-mail address like name@example.com')).toBeVisible()
  await expect(page.getByLabel('E-mail address')).toBeFocused()

  const colleague = `${unique('colleague')}@example.test`
  await page.getByLabel('E-mail address').fill(colleague)
  await page.getByLabel('First name').fill('Nia')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${colleague}` })).toBeVisible()
  await expect(page.getByRole('cell', { name: colleague })).toBeVisible()
  expect(errors).toEqual([])

  const outbox = await page.request.get('/dev/outbox.json')
  const mail = ((await outbox.json()) as OutboxMail[]).find((entry) => entry.to === colleague)
  const link = mail?.text.match(/https?:\/\/\S+\/accept-invitation\?key=[\w-]+/)?.[0]
  expect(link, 'the invitation carries a link').toBeDefined()
  const { pathname, search } = new URL(link ?? '')
  await page.goto(`${pathname}${search}`)
  await expect(page.getByText(`the staff of ${VENDOR.shop}`)).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByLabel('Password', { exact: true }).fill('colleague-secret')
  await page.getByLabel('Confirm password').fill('colleague-secret')
  await page.getByRole('button', { name: 'Set my password' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your password is set' })).toBeVisible()
  await page.getByRole('link', { name: 'Log in' }).last().click()
  await logIn(page, colleague, 'colleague-secret')
  await expect(page).toHaveURL(/\/vendor$/)
  await expect(page.getByRole('heading', { level: 1, name: VENDOR.shop })).toBeVisible()
  expect(errors).toEqual([])
})

test("a customer is refused the operator's back office", async ({ page }) => {
  const shopper = {
    login: unique('bo'),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${unique('bo')}@example.test`,
    password: 'Secret-123',
  }
  await register(page, shopper)
  await logIn(page, shopper.login, shopper.password)
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible()
  await expect(page.getByText("This page is for Larder's operators.")).toBeVisible()
  await expectNoA11yViolations(page)
})
