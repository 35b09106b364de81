import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import {
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  logIn,
  onTestOrigin,
  payOnSandbox,
} from './support/journey-helpers'

/**
 * An account's orders as its shopper meets them: the history on a phone and a desktop, an unpaid order's
 * Pay now, a cancelled one, the order's address opened while logged out, and a discounted line on the
 * cart page. The accounts are demo shop accounts (shopping like anyone), so no test registers one.
 */

// One account per test, so that tests running side by side never read each other's orders.
const ACCOUNTS = {
  history: 'vendor13@larder.test',
  payNow: 'vendor14@larder.test',
  loggedOut: 'vendor15@larder.test',
}
const PASSWORD = 'larder-shop-demo'
const xsrf = { cookie: 'XSRF-TOKEN=e2e-orders', 'x-xsrf-token': 'e2e-orders' }

interface ApiProduct {
  id: number
  productName: string
  isFree: boolean
  qty: number
  salePrice: number | null
  discountPrice: number | null
}

async function bearer(request: APIRequestContext, username: string) {
  const response = await request.post('/api/authenticate', {
    headers: xsrf,
    data: { username, password: PASSWORD },
  })
  expect(response.ok()).toBe(true)
  return { authorization: `Bearer ${((await response.json()) as { id_token: string }).id_token}` }
}

/** Products in stock with a price, a different one for each project, so their stock is never shared. */
async function productsInStock(request: APIRequestContext, query: string): Promise<ApiProduct[]> {
  const response = await request.get('/api/public/_search/products', {
    params: { query, page: 0, size: 40, sort: 'dateCreated,desc' },
  })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as ApiProduct[]).filter(
    (product) => !product.isFree && product.salePrice !== null && product.qty >= 5,
  )
}

const isDiscounted = (product: ApiProduct) =>
  product.discountPrice !== null && product.salePrice !== null && product.discountPrice < product.salePrice

/** Household products with a discount price, a different one for each project. */
async function discountedProduct(request: APIRequestContext): Promise<ApiProduct> {
  const discounted = (await productsInStock(request, '(categoryL1:"Household")')).filter(isDiscounted)
  const product = discounted[test.info().project.name === 'phone' ? 1 : 0]
  if (!product) throw new Error('No discounted product')
  return product
}

/**
 * An account's order through the API the cart page uses: the order, then one line of `product`, or of a
 * Frozen product (no other test buys from that aisle, so the stock a paid order takes is nobody else's).
 */
async function accountOrder(request: APIRequestContext, account: string, chosen?: ApiProduct) {
  const auth = await bearer(request, account)
  const products = await productsInStock(request, '(categoryL1:"Frozen")')
  const product = chosen ?? products[test.info().project.name === 'phone' ? 1 : 0]
  if (!product) throw new Error('No product to order')
  const created = await request.post('/api/public/orders', {
    headers: { ...xsrf, ...auth },
    data: orderForm,
  })
  expect(created.status()).toBe(201)
  const orderId = ((await created.json()) as { id: string }).id
  const line = await request.post('/api/public/order-products', {
    headers: { ...xsrf, ...auth },
    data: { orderId, productId: product.id, quantity: 1 },
  })
  expect(line.ok()).toBe(true)
  const read = await request.get(`/api/public/orders/${orderId}`, { headers: auth })
  const { orderNumber } = (await read.json()) as { orderNumber: string }
  return { orderId, orderNumber, auth }
}

const orderForm = {
  email: 'ada@example.test',
  deliveryFirstName: 'Ada',
  deliveryLastName: 'Lovelace',
  deliveryPhoneNumber: '020 7946 0018',
  deliveryAddress: '12 Station Road',
  deliveryCity: 'Ealing',
  deliveryState: 'Greater London',
  deliveryCountry: 'United Kingdom',
  deliveryPostCode: 'W5 2AA',
  deliveryTown: 'Ealing',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '020 7946 0018',
  address: '12 Station Road',
  city: 'Ealing',
  country: 'United Kingdom',
  state: 'Greater London',
  postcode: 'W5 2AA',
}

const pounds = (value: number) => `£${value.toFixed(2)}`

async function logInAs(page: Page, account: string) {
  await page.goto('/login')
  await logIn(page, account, PASSWORD)
  await expect(page).toHaveURL(/\/$/)
}

/** The screen with `part` scrolled to its top, kept with the test's results for a person to look at. */
async function shot(page: Page, name: string, part: Locator) {
  await part.evaluate((element) => element.scrollIntoView({ block: 'start' }))
  await page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`) })
}

test('the order history shows every order’s payment and total: cards on a phone, a table on a desktop', async ({
  page,
  request,
}, testInfo) => {
  const unpaid = await accountOrder(request, ACCOUNTS.history)
  const cancelled = await accountOrder(request, ACCOUNTS.history)
  const cancel = await request.post(`/api/public/orders/${cancelled.orderId}/cancel`, {
    headers: { ...xsrf, ...cancelled.auth },
  })
  expect(cancel.ok()).toBe(true)

  await logInAs(page, ACCOUNTS.history)
  await page.goto('/account')
  const history = page.getByRole('region', { name: 'Order history' })
  await expect(history.getByRole('link', { name: unpaid.orderNumber })).toBeVisible()
  const phone = testInfo.project.name === 'phone'
  const cards = history.getByRole('list', { name: 'Your orders, newest first' })
  const table = history.getByRole('table')
  if (phone) {
    await expect(table).toBeHidden()
    const card = (orderNumber: string) => cards.getByRole('listitem').filter({ hasText: orderNumber })
    for (const [order, payment] of [
      [unpaid, 'Pending'],
      [cancelled, 'Not paid'],
    ] as const) {
      const values = card(order.orderNumber).locator('dd')
      // Every value, under its label, inside the screen: nothing to scroll sideways for.
      await expect(card(order.orderNumber).locator('dt')).toHaveText(['Date', 'Status', 'Payment', 'Total'])
      await expect(values.nth(2)).toHaveText(payment)
      await expect(values.nth(3)).toHaveText(/^£\d+\.\d\d$/)
      const width = page.viewportSize()?.width ?? 0
      for (const value of await values.all()) {
        await value.scrollIntoViewIfNeeded()
        await expect(value).toBeInViewport({ ratio: 1 })
        const box = await value.boundingBox()
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
      }
    }
  } else {
    await expect(cards).toBeHidden()
    const row = (orderNumber: string) => table.getByRole('row').filter({ hasText: orderNumber })
    await expect(row(unpaid.orderNumber).getByRole('cell')).toHaveText([/\d{4}$/, 'Pending', 'Pending', /^£/])
    await expect(row(cancelled.orderNumber).getByRole('cell')).toHaveText([
      /\d{4}$/,
      'Cancelled',
      'Not paid',
      /^£/,
    ])
  }
  await expectNoHorizontalScroll(page)
  await expectNoA11yViolations(page)
  await shot(page, 'account-orders', history)
})

test('an unpaid order opened from the account offers Pay now, and is paid through it', async ({
  page,
  request,
}) => {
  const order = await accountOrder(request, ACCOUNTS.payNow)
  await logInAs(page, ACCOUNTS.payNow)
  await page.goto('/account')
  await page
    .getByRole('region', { name: 'Order history' })
    .getByRole('link', { name: order.orderNumber })
    .filter({ visible: true })
    .click()
  await expect(page).toHaveURL(`/order-confirmation/${order.orderId}`)
  await expect(page.getByText('This order is waiting for payment')).toBeVisible()
  await expect(page.getByText('Waiting for your payment to be confirmed…')).toHaveCount(0)
  await expectNoA11yViolations(page)
  await shot(page, 'unpaid-order', page.getByRole('heading', { level: 1 }))

  const payNow = page.getByRole('button', { name: 'Pay now' })
  const link = page.waitForResponse((response) => response.url().endsWith('/api/stripe/create-payment-link'))
  await payNow.click()
  expect((await link).ok()).toBe(true)
  await page.waitForURL(/\/sandbox\//)
  await payOnSandbox(page, '4242 4242 4242 4242')
  await page.waitForURL(/\/order-confirmation\//)
  await page.goto(onTestOrigin(page.url()))
  await expect(page.getByText('Thank you, your order is confirmed')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0)
})

test('a cancelled order says it was never paid, and offers no payment; a discounted line shows its sale price struck through', async ({
  page,
  request,
}) => {
  const product = await discountedProduct(request)
  const order = await accountOrder(request, ACCOUNTS.payNow, product)
  const cancel = await request.post(`/api/public/orders/${order.orderId}/cancel`, {
    headers: { ...xsrf, ...order.auth },
  })
  expect(cancel.ok()).toBe(true)
  await logInAs(page, ACCOUNTS.payNow)
  await page.goto(`/order-confirmation/${order.orderId}`)
  await expect(page.getByText('This order was cancelled')).toBeVisible()
  await expect(page.getByText(/It was never paid/)).toBeVisible()
  const payment = page.getByRole('definition').filter({ hasText: 'NOT PAID' })
  await expect(payment).toBeVisible()
  await expect(page.getByText('PENDING', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0)
  // The line as the cart showed it: the price paid, and the sale price struck through.
  const line = page
    .getByRole('table', { name: 'Items in this order' })
    .getByRole('row', { name: product.productName })
  await expect(line.locator('s')).toHaveText(`was ${pounds(product.salePrice ?? 0)}`)
  await expect(line.locator('s')).toHaveCSS('text-decoration-line', 'line-through')
  await expect(line).toContainText(pounds(product.discountPrice ?? 0))
  await expectNoA11yViolations(page)
  await shot(page, 'cancelled-order', page.getByRole('heading', { level: 1 }))
})

test('an account’s order opened while logged out asks to log in, and the log-in comes back to it', async ({
  page,
  request,
}) => {
  const order = await accountOrder(request, ACCOUNTS.loggedOut)
  const address = `/order-confirmation/${order.orderId}`

  // The API answers a visitor without a session as for an order that does not exist.
  const unknown = '7e0f3b1a-2c4d-4e5f-8a9b-0c1d2e3f4a5b'
  for (const id of [order.orderId, unknown])
    expect((await request.get(`/api/public/orders/${id}`)).status()).toBe(404)

  await page.goto(address)
  await expect(page.getByText('Log in to see this order')).toBeVisible()
  await expect(page.getByText('We could not find that order')).toHaveCount(0)
  await expect(page.getByText(order.orderNumber)).toHaveCount(0)
  await expectNoA11yViolations(page)
  await shot(page, 'logged-out-order', page.getByRole('heading', { level: 1 }))

  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(address)}`)
  await logIn(page, ACCOUNTS.loggedOut, PASSWORD)
  await expect(page).toHaveURL(address)
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible()
  await expect(page.getByText('This order is waiting for payment')).toBeVisible()
})

test('the cart page shows a discounted line as the side panel does, the sale price struck through', async ({
  page,
  request,
}) => {
  const product = await discountedProduct(request)
  if (product.salePrice === null || product.discountPrice === null) throw new Error('No discounted product')

  await page.goto(`/products?search=${encodeURIComponent(product.productName)}`)
  await page.getByRole('combobox', { name: 'Delivery town' }).selectOption('Ealing')
  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: product.productName, exact: true }) })
  await card.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')

  await page.getByRole('link', { name: 'Cart, 1 item' }).click()
  const panelPrice = page
    .getByRole('dialog', { name: 'Your cart' })
    .locator('p')
    .filter({ has: page.locator('s') })
  await expect(panelPrice).toHaveText(`${pounds(product.discountPrice)}was ${pounds(product.salePrice)}`)

  await page.goto('/cart-page')
  const unitPrice = page.getByText(/^Unit Price: /)
  await expect(unitPrice).toHaveText(
    new RegExp(
      `^Unit Price: ${pounds(product.discountPrice).replace('.', '\\.')}\\s*was ${pounds(product.salePrice).replace('.', '\\.')}$`,
    ),
  )
  await expect(unitPrice.locator('s')).toHaveCSS('text-decoration-line', 'line-through')
  await expectNoHorizontalScroll(page)
  await expectNoA11yViolations(page)
  await shot(page, 'cart-page', page.getByRole('heading', { level: 1 }))
})
