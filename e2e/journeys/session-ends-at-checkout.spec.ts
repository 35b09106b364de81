import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import {
  logIn,
  payOnSandbox,
  register,
  searchProducts,
  type ApiProduct,
  type Shopper,
  watchForErrors,
} from '../support/journey-helpers'

// The Pasta shelf like account-purchase.spec.ts, further along it, so no two tests race for one product.
// One account per browser project: the shop takes 10 registrations an hour from one address, and the
// suite's other journeys use most of them.
const CATEGORY_PATH = '/products/Pantry/Pasta'
const CATEGORY_QUERY = '(categoryL1:"Pantry") AND (categoryL2:"Pasta")'
const xsrf = { cookie: 'XSRF-TOKEN=e2e-journeys', 'x-xsrf-token': 'e2e-journeys' }

async function productToBuy(request: APIRequestContext, slot: number): Promise<ApiProduct> {
  const index = 2 + slot * 2 + (test.info().project.name === 'phone' ? 1 : 0)
  const product = (await searchProducts(request, CATEGORY_QUERY)).filter(
    (p) => !p.isFree && p.salePrice !== null && p.qty >= 5,
  )[index]
  if (!product) throw new Error(`no product ${index} to buy on ${CATEGORY_PATH}`)
  return product
}

function newShopper(): Shopper {
  const info = test.info()
  const unique = `${info.project.name}${info.workerIndex}${Date.now().toString(36)}`
  return {
    login: `payer-${unique}`,
    firstName: 'Noor',
    lastName: 'Inayat',
    email: `payer-${unique}@example.test`,
    password: 'payer-Secret-1',
  }
}

/** Logs in, puts `product` in the cart and types the rest of the shipping form. */
async function logInWithACart(page: Page, shopper: Shopper, product: ApiProduct, inCart: number) {
  await page.goto('/login')
  await logIn(page, shopper.login, shopper.password)
  await expect(page).toHaveURL(/\/$/)
  await page.goto(CATEGORY_PATH)
  await page.getByRole('combobox', { name: 'Delivery town' }).selectOption('Pinner')
  await page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: product.productName, exact: true }) })
    .getByRole('button', { name: 'Add to Cart' })
    .click()
  await expect(page.getByTestId('cart-badge')).toHaveText(String(inCart))
  await page.goto('/cart-page')
  const shipping = page.getByRole('region', { name: 'Shipping address' })
  await expect(shipping.getByLabel('Email')).toHaveValue(shopper.email)
  await shipping.getByLabel('Phone number').fill('020 7946 0018')
  await shipping.getByLabel('Address').fill('7 Bridge Street')
  await shipping.getByLabel('City').fill('Pinner')
  await shipping.getByLabel('State').fill('Middlesex')
  await shipping.getByLabel('Postal code').fill('HA5 3HR')
}

/** Goes to the payment page and answers the order's id. */
async function goToPay(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create Order' }).click()
  await page.waitForURL(/\/sandbox\/pay\//)
  return new URL(page.url()).searchParams.get('client_reference_id') ?? ''
}

/** The shopper logs out in a second tab of the same browser, while the first is on the payment page. */
async function logOutInAnotherTab(context: BrowserContext) {
  const other = await context.newPage()
  await other.goto('/')
  await other.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
  await expect(other).toHaveURL(/\/login$/)
  await other.close()
}

const banner = (page: Page) => page.getByRole('banner')

test('a session that ends at checkout: the form survives it, and an order paid after a log-out is found, not paid twice', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000)
  const errors = watchForErrors(page)
  const shopper = newShopper()
  await register(page, shopper)
  const shipping = page.getByRole('region', { name: 'Shipping address' })

  // The session ends on the server (a log-out on another device) while the form is being typed.
  await logInWithACart(page, shopper, await productToBuy(request, 0), 1)
  const token = await page.evaluate(() => window.localStorage.getItem('jwt_token'))
  const ended = await request.post('/api/logout', { headers: { ...xsrf, authorization: `Bearer ${token}` } })
  expect(ended.status()).toBe(204)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your session has ended' })).toContainText(
    'press Create Order once more to order as a guest',
  )
  await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(shipping.getByLabel('Email')).toHaveValue(shopper.email)
  await expect(shipping.getByLabel('Address')).toHaveValue('7 Bridge Street')
  await expect(shipping.getByLabel('Postal code')).toHaveValue('HA5 3HR')
  const guestOrder = await goToPay(page)
  // A guest's order now: its id is its key.
  const asGuest = await request.get(`/api/public/orders/${guestOrder}`)
  expect(asGuest.status()).toBe(200)
  expect(await asGuest.json()).toMatchObject({ email: shopper.email, deliveryAddress: '7 Bridge Street' })

  // Logged in again, the shopper places the cart on the account, and logs out in another tab while paying.
  await logInWithACart(page, shopper, await productToBuy(request, 1), 2)
  await expect(page.getByRole('heading', { name: 'My Cart (2 items)' })).toBeVisible()
  const orderId = await goToPay(page)
  expect(orderId).not.toBe(guestOrder)
  const paymentPage = page.url()
  await logOutInAnotherTab(context)

  // Paid in another tab whose way back to the shop is lost: nothing has yet seen the order paid.
  const payer = await context.newPage()
  await payer.route('**/order-confirmation/**', (route) => route.abort())
  await payer.goto(paymentPage)
  const leaving = payer.waitForRequest(/\/order-confirmation\//)
  await payOnSandbox(payer, '4242 4242 4242 4242')
  await leaving
  await payer.close()

  // Back in the cart, Create Order finds the order paid and goes to it, instead of a second payment page.
  await page.goto('/cart-page')
  await expect(page.getByRole('heading', { name: 'My Cart (2 items)' })).toBeVisible()
  // A log-out starts the form afresh (nobody sees the last shopper's details): typed again, as a guest.
  await expect(shipping.getByLabel('Address')).toHaveValue('')
  await shipping.getByLabel('Email').fill('noor@example.test')
  await shipping.getByLabel('First name').fill('Noor')
  await shipping.getByLabel('Last name').fill('Inayat')
  await shipping.getByLabel('Phone number').fill('020 7946 0018')
  await shipping.getByLabel('Address').fill('7 Bridge Street')
  await shipping.getByLabel('City').fill('Pinner')
  await shipping.getByLabel('State').fill('Middlesex')
  await shipping.getByLabel('Postal code').fill('HA5 3HR')
  await page.getByRole('button', { name: 'Create Order' }).click()
  await page.waitForURL(`**/order-confirmation/${orderId}`)

  // Its confirmation page finds it, logged out as the browser is, and takes its lines out of the cart.
  await expect(page.getByText('Thank you, your order is confirmed')).toBeVisible()
  await expect(page.getByText('Order', { exact: true }).locator('+ dd')).toHaveText('PAID')
  await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(page.getByTestId('cart-badge')).toHaveCount(0)
  // Reloaded, the tab that placed it still finds it.
  await page.reload()
  await expect(page.getByText('Thank you, your order is confirmed')).toBeVisible()
  await page.goto('/cart-page')
  await expect(page.getByText('Your Cart is Empty')).toBeVisible()

  // The account's order is still nobody else's: its address alone opens nothing.
  expect((await request.get(`/api/public/orders/${orderId}`)).status()).toBe(404)
  // Expected lines only: the refused order is logged (order errors are logged), with the browser's line for
  // its 401, and the cancel that found the paid order answered 409.
  const expected = (line: string) =>
    /status of (401|409)\b/.test(line) || line.includes('Could not complete the order step')
  expect(errors.filter((line) => !expected(line))).toEqual([])
})
