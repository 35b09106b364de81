import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  createGuestOrder,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  logIn,
  onTestOrigin,
  payOnSandbox,
  searchProducts,
  watchForErrors,
  type ApiProduct,
} from './support/journey-helpers'

/** The demo's back-office logins (apps/server/src/db/seed/demo-accounts.ts), set outside production. */
const VENDOR_A = { email: 'vendor1@larder.test', password: 'larder-shop-demo' }
const ADMIN = { email: 'admin@larder.test', password: 'larder-admin-demo' }

interface OutboxMail {
  to: string
  subject: string
  text: string
}

// Each journey pays for an order on the sandbox's page before it opens the back office.
test.describe.configure({ timeout: 60_000 })

const xsrf = { cookie: 'XSRF-TOKEN=e2e-orders', 'x-xsrf-token': 'e2e-orders' }
const unique = (label: string) => `${label}-${test.info().project.name}-${Date.now().toString(36)}`

/** A product of `shop` for sale with stock to spare, different for each project so they never collide. */
async function productOf(request: APIRequestContext, shop: string, nth: number): Promise<ApiProduct> {
  const products = (await searchProducts(request, `isFree:false AND vendorID:"${shop}"`, 60)).filter(
    (product) => product.salePrice !== null && product.salePrice > 0 && product.qty > 10,
  )
  const offset = test.info().project.name === 'desktop' ? 0 : 4
  const product = products[nth + offset]
  expect(product, `a product of ${shop} for sale`).toBeDefined()
  return product as ApiProduct
}

/** A guest order of one item of each product, paid with 4242 on the sandbox; answers its id and number. */
async function paidOrder(page: Page, email: string, productIds: number[]) {
  const request = page.request
  const orderId = await createGuestOrder(request, { email, deliveryCity: 'Harrow' })
  for (const productId of productIds) {
    const line = await request.post('/api/public/order-products', {
      headers: xsrf,
      data: { orderId, productId, quantity: 1 },
    })
    expect(line.status()).toBe(201)
  }
  const link = await request.post('/api/stripe/create-payment-link', {
    headers: xsrf,
    data: [{ orderId, quantity: 1 }],
  })
  expect(link.ok()).toBe(true)
  const { paymentLinkUrl } = (await link.json()) as { paymentLinkUrl: string }
  await page.goto(onTestOrigin(paymentLinkUrl))
  await payOnSandbox(page, '4242 4242 4242 4242')
  await page.waitForURL(/\/order-confirmation\//)
  await expect(page.getByText('Thank you, your order is confirmed')).toBeVisible()
  const order = (await (await request.get(`/api/public/orders/${orderId}`)).json()) as { orderNumber: string }
  return { orderId, orderNumber: order.orderNumber }
}

async function stockOf(request: APIRequestContext, productId: number): Promise<number> {
  const response = await request.get(`/api/public/products/${productId}`)
  return ((await response.json()) as ApiProduct).qty
}

async function mailTo(page: Page, address: string, subject: RegExp): Promise<OutboxMail[]> {
  const outbox = (await (await page.request.get('/dev/outbox.json')).json()) as OutboxMail[]
  return outbox.filter((mail) => mail.to === address && subject.test(mail.subject))
}

test('a shop packs and dispatches its part of a paid order, and the shopper gets one e-mail', async ({
  page,
}) => {
  const ours = await productOf(page.request, 'user-1', 0)
  const theirs = await productOf(page.request, 'user-2', 0)
  const shopper = `${unique('dispatch')}@example.test`
  const { orderNumber } = await paidOrder(page, shopper, [ours.id, theirs.id])

  const errors = watchForErrors(page)
  await page.goto('/vendor/orders')
  await logIn(page, VENDOR_A.email, VENDOR_A.password)
  await expect(page).toHaveURL(/\/vendor\/orders$/)
  await expect(page.getByRole('button', { name: 'Waiting to pack' })).toHaveAttribute('aria-pressed', 'true')
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}` }) })
  await expect(card).toBeVisible()
  // Only this shop's line: the other shop's item is not shown to it.
  await expect(card.getByText(ours.productName)).toBeVisible()
  await expect(card.getByText(theirs.productName)).toHaveCount(0)
  await expectNoA11yViolations(page)
  await expectNoHorizontalScroll(page)

  await card.getByRole('button', { name: 'Mark packed' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Order ${orderNumber} packed.` })).toBeVisible()
  await page.getByRole('button', { name: 'Packed', exact: true }).click()
  await expect(card.getByText('Packed', { exact: true })).toBeVisible()

  // The packing slip: the shop's lines, the address and the order number; printed without the menus.
  await card.getByRole('link', { name: 'Packing slip' }).click()
  await expect(page.getByRole('heading', { name: `Packing slip · order ${orderNumber}` })).toBeVisible()
  await expect(page.getByText('12 Station Road')).toBeVisible()
  await expect(page.getByRole('cell', { name: ours.productName })).toBeVisible()
  await expect(page.getByRole('cell', { name: theirs.productName })).toHaveCount(0)
  await expectNoA11yViolations(page)
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Shop back office' })).toBeHidden()
  await expect(page.getByRole('heading', { name: `Packing slip · order ${orderNumber}` })).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
  await page.getByRole('link', { name: 'Back to orders' }).click()

  await page.getByRole('button', { name: 'Packed', exact: true }).click()
  await card.getByRole('button', { name: 'Mark dispatched' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Order ${orderNumber} dispatched. The shopper has been e-mailed.` }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Dispatched', exact: true }).click()
  await expect(card).toBeVisible()
  await expect(card.getByRole('button', { name: /Mark/ })).toHaveCount(0)

  await expect
    .poll(async () => (await mailTo(page, shopper, /has dispatched/)).length, { timeout: 10_000 })
    .toBe(1)
  const [mail] = await mailTo(page, shopper, /has dispatched/)
  expect(mail?.subject).toContain(orderNumber)
  expect(mail?.text).toContain(ours.productName)
  expect(mail?.text).not.toContain(theirs.productName)
  expect(errors).toEqual([])
})

test('the operator refunds one line of a paid order, and the shopper is e-mailed', async ({ page }) => {
  const first = await productOf(page.request, 'user-2', 1)
  const second = await productOf(page.request, 'user-2', 2)
  const shopper = `${unique('refund')}@example.test`
  const { orderId, orderNumber } = await paidOrder(page, shopper, [first.id, second.id])
  const stockBefore = await stockOf(page.request, first.id)

  const errors = watchForErrors(page)
  await page.goto('/admin/orders')
  await logIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/admin\/orders$/)
  await page.getByRole('link', { name: orderNumber }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`))
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible()
  await expectNoA11yViolations(page)
  await expectNoHorizontalScroll(page)

  await page.getByRole('checkbox', { name: new RegExp(first.productName) }).check()
  await page.getByRole('button', { name: /^Refund selected lines/ }).click()
  await expect(
    page.getByRole('status').filter({ hasText: /^Refunded £[\d.]+\. The shopper has been e-mailed\.$/ }),
  ).toBeVisible()
  await expect(page.getByText(/^Partially refunded · placed/)).toBeVisible()
  await expect(
    page.getByRole('row', { name: new RegExp(first.productName) }).getByText('Refunded'),
  ).toBeVisible()
  await expect(page.getByRole('checkbox', { name: new RegExp(second.productName) })).toBeVisible()

  await expect
    .poll(async () => (await mailTo(page, shopper, /^Part of your Larder order/)).length, { timeout: 10_000 })
    .toBe(1)
  const [mail] = await mailTo(page, shopper, /^Part of your Larder order/)
  expect(mail?.subject).toContain(orderNumber)
  expect(mail?.text).toContain(first.productName)
  const stockAfter = await stockOf(page.request, first.id)
  expect(stockAfter).toBe(stockBefore + 1)
  expect(errors).toEqual([])
})
