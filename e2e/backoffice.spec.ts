import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations, logIn, watchForErrors } from './support/journey-helpers'

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

test("a shop member is refused the operator's back office", async ({ page }) => {
  // Customers' refusals are proved route by route in the API tests; a registration here would spend one of
  // the ten an address may make in an hour, which the shoppers' journeys need.
  await page.goto('/login')
  await logIn(page, VENDOR.email, VENDOR.password)
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible()
  await expect(page.getByText("This page is for Larder's operators.")).toBeVisible()
  await expectNoA11yViolations(page)
})

/** Logs the demo shop member in through /vendor/products, which the log-in page returns to. */
async function openProducts(page: Page) {
  await page.goto('/vendor/products')
  await expect(page).toHaveURL(/\/login\?next=/)
  await logIn(page, VENDOR.email, VENDOR.password)
  await expect(page).toHaveURL(/\/vendor\/products$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeVisible()
}

test('a shop member adds and edits a product, which the storefront shows at once, and archives it', async ({
  page,
}) => {
  const errors = watchForErrors(page)
  await openProducts(page)
  await expect(page.getByRole('status').filter({ hasText: / products?/ })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoA11yViolations(page)

  // Filters live in the URL and are applied by the server.
  await page.getByLabel('Price', { exact: true }).selectOption('true')
  await expect(page).toHaveURL(/free=true/)
  const rows = page.getByRole('region', { name: 'Your products' }).getByRole('row')
  await expect(rows.nth(1)).toContainText('Free')

  await page.getByRole('link', { name: 'Add a product' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'New product' })).toBeVisible()
  const name = unique('Oat loaf')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Description').fill('Rolled oats and honey.')
  await page.getByLabel('Ingredients').fill('Wheat flour, oats, honey, water, salt')
  await page.getByRole('checkbox', { name: 'Cereals containing gluten' }).check()
  await page.getByLabel('Which cereals containing gluten (optional)').fill('wheat, oats')
  await page.getByRole('checkbox', { name: 'Milk' }).check()
  await page.getByLabel('Sale price (£)').fill('3.20')
  await page.getByLabel('Discount price (£)').fill('3.50')
  await page.getByLabel('Stock').fill('7')
  await page.getByLabel('Category', { exact: true }).selectOption({ index: 1 })
  await page.getByRole('button', { name: 'Add the product' }).click()
  // The shared rule, in the browser: nothing was sent, the field says why and has the focus.
  await expect(page.getByText('The discount price must be lower than the sale price')).toBeVisible()
  await expect(page.getByLabel('Discount price (£)')).toBeFocused()
  await expectNoA11yViolations(page)

  await page.getByLabel('Discount price (£)').fill('2.80')
  await page.getByRole('button', { name: 'Add the product' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await expect(page).toHaveURL(/\/vendor\/products\/\d+$/)
  const id = /\/vendor\/products\/(\d+)$/.exec(page.url())?.[1]

  await page.getByLabel('Sale price (£)').fill('3.60')
  await page.getByRole('checkbox', { name: /^Best rated/ }).check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()

  await page.goto(`/product-detail/${id}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('£2.80').first()).toBeVisible()
  await expect(page.getByText('Cereals containing gluten (wheat, oats), Milk')).toBeVisible()

  // Inline stock, from the table.
  await page.goto('/vendor/products')
  await page.getByLabel('Search by name').fill(name)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
  await page.getByLabel(`Stock of ${name}`).fill('0')
  await page.getByRole('button', { name: `Save stock of ${name}` }).click()
  await expect(page.getByRole('status').filter({ hasText: `Stock of ${name} is now 0.` })).toBeVisible()

  await page.getByRole('button', { name: `Archive ${name}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'is archived' })).toBeVisible()
  const gone = await page.request.get(`/api/public/products/${id}`)
  expect(gone.status()).toBe(404)
  expect(errors).toEqual([])
})

test('the Today screen sums up the shop, and the profile form changes what /shops shows', async ({
  page,
}) => {
  await openProducts(page)
  await page.getByRole('link', { name: 'Today' }).click()
  await expect(page).toHaveURL(/\/vendor$/)
  await expect(page.getByText('Orders waiting to be packed')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Low in stock' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: 'Shop profile' }).click()
  await expect(page.getByLabel('Shop name')).toHaveValue(/.+/)
  const description = `Open every day. ${unique('note')}`
  await page.getByLabel('Description').fill(description)
  await page.getByLabel('Phone').fill('not a phone')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter a phone number, like 020 7946 0101')).toBeVisible()
  await page.getByLabel('Phone').fill('020 7946 0101')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await expectNoA11yViolations(page)
  const shops = (await (await page.request.get('/api/public/users')).json()) as { description: string }[]
  expect(shops.map((shop) => shop.description)).toContain(description)
})
