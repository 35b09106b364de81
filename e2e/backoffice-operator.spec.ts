import { expect, test, type Page } from '@playwright/test'
import {
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  logIn,
  searchProducts,
  watchForErrors,
} from './support/journey-helpers'

/** The demo operator (apps/server/src/db/seed/demo-accounts.ts), whose password is set outside production. */
const OPERATOR = { email: 'admin@larder.test', password: 'larder-admin-demo' }
/** A demo shop no other journey buys from, so suspending it for a moment disturbs none of them. */
const SHOP = 'Ealing Green Tea & Coffee Co.'

async function shopId(page: Page) {
  const response = await page.request.get('/api/public/users')
  const shops = (await response.json()) as { id: string; companyName: string }[]
  const shop = shops.find((entry) => entry.companyName === SHOP)
  if (!shop) throw new Error(`no demo shop ${SHOP}`)
  return shop.id
}

test('the operator suspends a shop and its products leave the storefront at once; restoring brings them back', async ({
  page,
}) => {
  const errors = watchForErrors(page)
  const id = await shopId(page)
  const [product] = await searchProducts(page.request, `vendorID:"${id}"`, 1)
  if (!product) throw new Error(`${SHOP} has no product`)
  // Seen on the storefront first, so what follows cannot pass on a page that was never there.
  expect((await page.goto(`/product-detail/${product.id}`))?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.productName)

  await page.goto('/admin/shops')
  await logIn(page, OPERATOR.email, OPERATOR.password)
  await expect(page).toHaveURL(/\/admin\/shops$/)
  await expect(page.getByRole('link', { name: 'Shops' })).toHaveAttribute('aria-current', 'page')
  const row = page.getByRole('row').filter({ hasText: SHOP })
  await expect(row.getByRole('cell', { name: 'Open' })).toBeVisible()
  await expectNoHorizontalScroll(page)
  await expectNoA11yViolations(page)

  // By keyboard: the button takes focus and Enter presses it; the confirmation is accepted.
  page.once('dialog', (dialog) => void dialog.accept())
  await row.getByRole('button', { name: `Suspend ${SHOP}` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Shop suspended' })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Suspended' })).toBeVisible()

  // Gone at once: the product page is the not-found page, the search and the shop's listing skip it.
  expect((await page.goto(`/product-detail/${product.id}`))?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that product')
  expect(await searchProducts(page.request, `vendorID:"${id}"`, 5)).toEqual([])
  expect((await page.request.get(`/api/public/products/${product.id}`)).status()).toBe(404)

  await page.goto('/admin/shops')
  await row.getByRole('button', { name: `Restore ${SHOP}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Shop restored' })).toBeVisible()
  expect((await page.goto(`/product-detail/${product.id}`))?.status()).toBe(200)
  expect(errors).toEqual([])
})

test('the operator finds the shop form refusing a bad phone number with the shared message, keeping what was typed', async ({
  page,
}) => {
  await page.goto('/admin/shops')
  await logIn(page, OPERATOR.email, OPERATOR.password)
  await page.getByRole('button', { name: 'New shop' }).click()
  await page.getByLabel('Shop name').fill('Pinner Cheese Room')
  await page.getByLabel('Town', { exact: true }).fill('Pinner')
  await page.getByLabel('Address', { exact: true }).fill('3 Bridge Street')
  await page.getByLabel('Phone', { exact: true }).fill('call me')
  await page.getByRole('button', { name: 'Create shop and invite' }).click()
  await expect(page.getByText('Enter a phone number like 020 7946 0000')).toBeVisible()
  await expect(page.getByLabel('Phone', { exact: true })).toBeFocused()
  await expect(page.getByLabel('Shop name')).toHaveValue('Pinner Cheese Room')
  await expectNoHorizontalScroll(page)
})
