import { expect, test, type Page, type TestInfo } from '@playwright/test'
import {
  a11yViolations,
  logIn,
  onTestOrigin,
  payOnSandbox,
  register,
  searchProducts,
  type Shopper,
  watchForErrors,
} from '../support/journey-helpers'

// Pasta, not the Cheese shelf checkout.spec.ts buys from, so the two never race for the same stock.
const CATEGORY_PATH = '/products/Pantry/Pasta'
const CATEGORY_QUERY = '(categoryL1:"Pantry") AND (categoryL2:"Pasta")'

function newShopper(testInfo: TestInfo): Shopper {
  const unique = `${testInfo.project.name}${testInfo.workerIndex}${Date.now().toString(36)}`
  return {
    login: `buyer-${unique}`,
    firstName: 'Mary',
    lastName: 'Seacole',
    email: `buyer-${unique}@example.test`,
    password: 'buyer-Secret-1',
  }
}

async function registerAndLogIn(page: Page, shopper: Shopper) {
  await register(page, shopper)
  await logIn(page, shopper.login, shopper.password)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('banner').getByText(shopper.firstName, { exact: true })).toBeVisible()
}

test('a registered shopper buys with 4242 and finds the paid order in the account', async ({
  page,
  request,
}, testInfo) => {
  const errors = watchForErrors(page)
  const shopper = newShopper(testInfo)
  const offset = testInfo.project.name === 'phone' ? 1 : 0
  const product = (await searchProducts(request, CATEGORY_QUERY)).filter(
    (p) => !p.isFree && p.salePrice !== null && p.qty >= 5,
  )[offset]
  expect(product, 'a product to buy').toBeDefined()
  const name = product?.productName ?? ''

  await registerAndLogIn(page, shopper)
  await page.goto(CATEGORY_PATH)
  await page.getByRole('combobox', { name: 'Delivery town' }).selectOption('Ruislip')
  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
  await card.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')

  // The checkout form starts from the account: the shopper's name and e-mail are already there.
  await page.goto('/cart-page')
  const shipping = page.getByRole('region', { name: 'Shipping address' })
  await expect(shipping.getByLabel('Email')).toHaveValue(shopper.email)
  await expect(shipping.getByLabel('First name')).toHaveValue(shopper.firstName)
  await expect(shipping.getByLabel('Last name')).toHaveValue(shopper.lastName)
  await shipping.getByLabel('Phone number').fill('020 7946 0018')
  await shipping.getByLabel('Address').fill('3 High Street')
  await shipping.getByLabel('City').fill('Ruislip')
  await shipping.getByLabel('State').fill('Greater London')
  await shipping.getByLabel('Postal code').fill('HA4 7AA')
  expect(await a11yViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Create Order' }).click()

  await page.waitForURL(/\/sandbox\/pay\//)
  expect(await a11yViolations(page)).toEqual([])
  await payOnSandbox(page, '4242 4242 4242 4242')
  await page.waitForURL(/\/order-confirmation\//)
  await page.goto(onTestOrigin(page.url()))
  await expect(page.getByText('Thank you, your order is confirmed')).toBeVisible()
  await expect(page.getByText('Order', { exact: true }).locator('+ dd')).toHaveText('PAID')
  const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? ''

  await page.goto('/account')
  const history = page.getByRole('region', { name: /order/i })
  // A row of the table on a wide screen, a card of its own on a phone.
  const row = history.getByRole(testInfo.project.name === 'phone' ? 'listitem' : 'row').filter({
    has: page.locator(`a[href="/order-confirmation/${orderId}"]`),
  })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Paid')
  expect(await a11yViolations(page)).toEqual([])
  expect(errors).toEqual([])
})
