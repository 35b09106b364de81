import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  createGuestOrder,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  onTestOrigin,
  payOnSandbox,
  searchProducts,
} from './support/journey-helpers'

interface ApiProduct {
  id: number
  productName: string
  isFree: boolean
  qty: number
  salePrice: number | null
}

interface ApiOrder {
  orderStatus: string
  paymentStatus: string
  orderProducts: { productId: number; quantity: number }[]
}

const CATEGORY_PATH = '/products/Fresh/Cheese'
const CATEGORY_QUERY = '(categoryL1:"Fresh") AND (categoryL2:"Cheese")'

// Each test (and each browser project) buys different products, so runs side by side never share stock.
async function productsToBuy(
  request: APIRequestContext,
  offset: number,
  count: number,
): Promise<ApiProduct[]> {
  const skip = offset + (test.info().project.name === 'phone' ? 4 : 0)
  const response = await request.get('/api/public/_search/products', {
    params: { query: CATEGORY_QUERY, page: 0, size: 20, sort: 'dateCreated,desc' },
  })
  expect(response.ok()).toBe(true)
  const products = ((await response.json()) as ApiProduct[]).filter(
    (product) => !product.isFree && product.salePrice !== null && product.qty >= 5,
  )
  expect(products.length).toBeGreaterThanOrEqual(skip + count)
  return products.slice(skip, skip + count)
}

async function stockOf(request: APIRequestContext, id: number): Promise<number> {
  const response = await request.get(`/api/public/products/${id}`)
  return ((await response.json()) as ApiProduct).qty
}

async function addToCart(page: Page, products: ApiProduct[]) {
  await page.goto(CATEGORY_PATH)
  await page.getByRole('combobox', { name: 'Delivery town' }).selectOption('Ealing')
  for (const [index, product] of products.entries()) {
    const card = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: product.productName, exact: true }) })
    const registered = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/stripe/products/add-to-cart/${product.id}`) && response.ok(),
    )
    await card.getByRole('button', { name: 'Add to Cart' }).click()
    await registered
    await expect(page.getByTestId('cart-badge')).toHaveText(String(index + 1))
  }
}

const cartLine = (scope: Page | ReturnType<Page['getByRole']>, name: string) =>
  scope.getByRole('listitem').filter({ hasText: name })

async function fillShipping(page: Page) {
  const shipping = page.getByRole('region', { name: 'Shipping address' })
  await shipping.getByLabel('Email').fill('ada@example.test')
  await shipping.getByLabel('First name').fill('Ada')
  await shipping.getByLabel('Last name').fill('Lovelace')
  await shipping.getByLabel('Phone number').fill('020 7946 0018')
  await shipping.getByLabel('Address').fill('12 Station Road')
  await shipping.getByLabel('City').fill('Ealing')
  await shipping.getByLabel('State').fill('Greater London')
  await shipping.getByLabel('Postal code').fill('W5 2AA')
}

test('a shopper fills the cart, changes quantities, pays with 4242 and sees the order PAID', async ({
  page,
  request,
}) => {
  const products = await productsToBuy(request, 0, 3)
  const [first, second, third] = products as [ApiProduct, ApiProduct, ApiProduct]
  const stockBefore = await Promise.all(products.map((product) => stockOf(request, product.id)))

  await addToCart(page, products)

  // The side panel: one more of the first product, then Check out reloads the cart page.
  await page.getByRole('link', { name: 'Cart, 3 items' }).click()
  const panel = page.getByRole('dialog', { name: 'Your cart' })
  await expect(panel.getByRole('listitem')).toHaveCount(3)
  await cartLine(panel, first.productName)
    .getByRole('button', { name: `Increase quantity of ${first.productName}` })
    .click()
  await expect(panel.getByText('Items', { exact: true }).locator('+ dd')).toHaveText('4')
  await panel.getByRole('button', { name: 'Check out' }).click()
  await page.waitForURL('**/cart-page')
  await expect(panel).toBeHidden()

  // The cart page: two of the third product; the second goes up and back down, and never below 1.
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible()
  const cart = page.getByRole('region', { name: /My Cart/ })
  await cartLine(cart, third.productName)
    .getByRole('button', { name: `Increase quantity of ${third.productName}` })
    .click()
  const secondLine = cartLine(cart, second.productName)
  await secondLine.getByRole('button', { name: `Increase quantity of ${second.productName}` }).click()
  await secondLine.getByRole('button', { name: `Decrease quantity of ${second.productName}` }).click()
  await expect(
    secondLine.getByRole('button', { name: `Decrease quantity of ${second.productName}` }),
  ).toBeDisabled()
  await expect(page.getByRole('heading', { name: 'My Cart (5 items)' })).toBeVisible()
  const quantities = new Map([
    [first.id, 2],
    [second.id, 1],
    [third.id, 2],
  ])

  await fillShipping(page)
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Create Order' }).click()

  await page.waitForURL(/\/sandbox\/pay\//)
  await payOnSandbox(page, '4242 4242 4242 4242')

  await page.waitForURL(/\/order-confirmation\//)
  await expect(page.getByText('Thank you, your order is confirmed')).toBeVisible()
  await page.goto(onTestOrigin(page.url()))
  await expect(page.getByText('Thank you, your order is confirmed')).toBeVisible()
  await expect(page.getByText('Order', { exact: true }).locator('+ dd')).toHaveText('PAID')
  await expect(page.getByRole('table', { name: 'Items in this order' }).getByRole('row')).toHaveCount(4)
  // Paid, so the cart is empty now.
  await expect(page.getByTestId('cart-badge')).toHaveCount(0)

  const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? ''
  const order = (await (await request.get(`/api/public/orders/${orderId}`)).json()) as ApiOrder
  expect(order).toMatchObject({ orderStatus: 'PAID', paymentStatus: 'PAID' })
  expect(new Map(order.orderProducts.map((line) => [line.productId, line.quantity]))).toEqual(quantities)
  const stockAfter = await Promise.all(products.map((product) => stockOf(request, product.id)))
  const expected = products.map(
    (product, index) => (stockBefore[index] ?? 0) - (quantities.get(product.id) ?? 0),
  )
  expect(stockAfter).toEqual(expected)
})

test('the checkout form works by keyboard alone, and a declined card leaves the order unpaid', async ({
  page,
  request,
}) => {
  const [product] = (await productsToBuy(request, 3, 1)) as [ApiProduct]
  const stockBefore = await stockOf(request, product.id)
  await addToCart(page, [product])
  await page.goto('/cart-page')

  await page.getByRole('region', { name: 'Shipping address' }).getByLabel('Email').focus()
  for (const value of [
    'ada@example.test',
    'Ada',
    'Lovelace',
    '02079460018',
    '12 Station Road',
    'Ealing',
    'London',
  ]) {
    await page.keyboard.type(value)
    await page.keyboard.press('Tab')
  }
  // Country comes filled in; the postcode is next, then the billing choice, then Create Order.
  await page.keyboard.press('Tab')
  await page.keyboard.type('W5 2AA')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('radio', { name: 'Same as shipping address' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Create Order' })).toBeFocused()
  await page.keyboard.press('Enter')

  await page.waitForURL(/\/sandbox\/pay\//)
  const orderId = new URL(page.url()).searchParams.get('client_reference_id') ?? ''
  await payOnSandbox(page, '4000 0000 0000 0002')
  await expect(page.getByText('Your card was declined.')).toBeVisible()

  const order = (await (await request.get(`/api/public/orders/${orderId}`)).json()) as ApiOrder
  expect(order).toMatchObject({ orderStatus: 'PENDING', paymentStatus: 'FAILED' })
  expect(await stockOf(request, product.id)).toBe(stockBefore)

  // Back in the shop, the order says so honestly and the cart is still there to try again.
  await page.goto(`/order-confirmation/${orderId}`)
  await expect(page.getByText('Your payment did not go through')).toBeVisible()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')
})

test('back from the payment page, placing the cart again cancels the first order and switches its page off', async ({
  page,
  request,
}) => {
  const [product] = (await productsToBuy(request, 8, 1)) as [ApiProduct]
  const stockBefore = await stockOf(request, product.id)
  await addToCart(page, [product])
  await page.goto('/cart-page')
  await fillShipping(page)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await page.waitForURL(/\/sandbox\/pay\//)
  const firstPage = page.url()
  const firstOrder = new URL(firstPage).searchParams.get('client_reference_id') ?? ''

  await page.goBack()
  await page.waitForURL('**/cart-page')
  // Restored from the page cache or loaded afresh: either way the form is as it was sent.
  const shipping = page.getByRole('region', { name: 'Shipping address' })
  await expect(shipping.getByLabel('Address')).toHaveValue('12 Station Road')
  await expect(shipping.getByLabel('Postal code')).toHaveValue('W5 2AA')
  await page.getByRole('button', { name: 'Create Order' }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/') && url.href !== firstPage)
  const secondOrder = new URL(page.url()).searchParams.get('client_reference_id') ?? ''
  expect(secondOrder).not.toBe(firstOrder)

  const first = (await (await request.get(`/api/public/orders/${firstOrder}`)).json()) as ApiOrder
  expect(first).toMatchObject({ orderStatus: 'CANCELLED', paymentStatus: 'PENDING' })

  // The first page no longer takes a payment; the second does, once.
  const secondPage = page.url()
  await page.goto(firstPage)
  await expect(page.getByText('This link is no longer active')).toBeVisible()
  await page.goto(secondPage)
  await payOnSandbox(page, '4242 4242 4242 4242')
  await page.waitForURL(/\/order-confirmation\//)
  await expect(page.getByText('Thank you, your order is confirmed')).toBeVisible()
  expect(await stockOf(request, product.id)).toBe(stockBefore - 1)
})

test('a second tab placing the same cart cancels the order the first tab went to pay for', async ({
  page,
  context,
  request,
}) => {
  const [product] = (await productsToBuy(request, 9, 1)) as [ApiProduct]
  await addToCart(page, [product])
  await page.goto('/cart-page')
  await fillShipping(page)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await page.waitForURL(/\/sandbox\/pay\//)
  const firstOrder = new URL(page.url()).searchParams.get('client_reference_id') ?? ''

  // The cart is one across tabs, and so is the order it was sent to pay for.
  const second = await context.newPage()
  await second.goto('/cart-page')
  await expect(cartLine(second, product.productName)).toBeVisible()
  await fillShipping(second)
  await second.getByRole('button', { name: 'Create Order' }).click()
  await second.waitForURL(/\/sandbox\/pay\//)
  const secondOrder = new URL(second.url()).searchParams.get('client_reference_id') ?? ''
  expect(secondOrder).not.toBe(firstOrder)

  const first = (await (await request.get(`/api/public/orders/${firstOrder}`)).json()) as ApiOrder
  expect(first).toMatchObject({ orderStatus: 'CANCELLED', paymentStatus: 'PENDING' })
  await page.reload()
  await expect(page.getByText('This link is no longer active')).toBeVisible()
})

test('the confirmation page wraps an address of long words on a 320 px phone', async ({ page, request }) => {
  const id = await createGuestOrder(request, {
    deliveryCity: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
    deliveryAddress: 'Flat 9, '.concat('Bartholomewmaximilianalexander'.repeat(3)),
  })
  await page.setViewportSize({ width: 320, height: 700 })
  await page.goto(`/order-confirmation/${id}`)
  await expect(page.getByText(/Llanfairpwllgwyngyll/)).toBeVisible()
  await expectNoHorizontalScroll(page)
})

test("the sandbox's payment page writes the expiry as typed, starts with the order's e-mail and shows every mistake at once", async ({
  page,
  request,
}) => {
  const products = (await searchProducts(request, 'isFree:false', 40)).filter(
    (product) => product.salePrice !== null && product.salePrice > 0 && product.qty > 10,
  )
  const product = products[test.info().project.name === 'desktop' ? 30 : 31]
  expect(product, 'a product for sale').toBeDefined()
  const orderId = await createGuestOrder(request, { email: 'grace@example.test' })
  const xsrf = { cookie: 'XSRF-TOKEN=e2e-sandbox-page', 'x-xsrf-token': 'e2e-sandbox-page' }
  const line = await request.post('/api/public/order-products', {
    headers: xsrf,
    data: { orderId, productId: product?.id, quantity: 1 },
  })
  expect(line.status()).toBe(201)
  const link = await request.post('/api/stripe/create-payment-link', { headers: xsrf, data: [{ orderId }] })
  expect(link.ok()).toBe(true)
  const { paymentLinkUrl } = (await link.json()) as { paymentLinkUrl: string }
  await page.goto(onTestOrigin(paymentLinkUrl))

  await expect(page.getByLabel('Email')).toHaveValue('grace@example.test')
  const expiry = page.getByLabel('Expiry date (MM / YY)')
  await expiry.pressSequentially('1230')
  await expect(expiry).toHaveValue('12 / 30')

  await page.getByLabel('Card number').fill('4111 1111 1111 1111')
  await expiry.fill('')
  await expiry.pressSequentially('13')
  await page.getByLabel('Security code (CVC)').fill('1')
  await page.getByRole('button', { name: /^Pay £/ }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Your card number is invalid.')
  await expect(alert).toContainText("Your card's expiration date is incomplete.")
  await expect(alert).toContainText("Your card's security code is incomplete.")
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription('Your card number is invalid.')
  await expect(page.getByLabel('Security code (CVC)')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Email')).toHaveValue('grace@example.test')
  await expectNoA11yViolations(page)
  await expectNoHorizontalScroll(page)
  const order = (await (await request.get(`/api/public/orders/${orderId}`)).json()) as ApiOrder
  expect(order.paymentStatus).toBe('PENDING')
})
