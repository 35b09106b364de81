import { expect, test, type Page } from '@playwright/test'
import { a11yViolations, createGuestOrder, searchProducts, watchForErrors } from '../support/journey-helpers'

/**
 * Every route of apps/web/src/config/paths.ts, with real ids from the API for the data pages: each opens
 * with its own content, no console error, and no axe violation at WCAG 2.2 AA.
 */
const STATIC_ROUTES = [
  '/',
  '/products',
  '/products?search=bread',
  '/products/Fresh',
  '/products/Fresh/Vegetables%20%26%20Fruits',
  '/products/Fresh/Vegetables%20%26%20Fruits/Vegetables',
  '/shops',
  '/freebymall',
  '/aboutus',
  '/contactus',
  '/cart-page',
  '/login',
  '/register',
  '/login/forgot-password',
  '/reset-password',
  '/reset-password?key=not-a-real-key',
  '/refund-policy',
  '/privacy-policy',
  '/terms-and-conditions',
  '/test',
  '/test2',
  '/category-list',
  '/googlepay',
  '/account',
  '/no-such-page',
]

type Request = Parameters<typeof createGuestOrder>[0]

async function productForSale(request: Request) {
  const [product] = (await searchProducts(request, 'isFree:false')).filter((p) => p.salePrice !== null)
  expect(product, 'a product for sale').toBeDefined()
  return product as NonNullable<typeof product>
}

/** Routes that need real ids: each is built from the API when its test starts. */
const DATA_ROUTES: Record<string, (request: Request) => Promise<string>> = {
  '/product-detail/:id': async (request) => `/product-detail/${(await productForSale(request)).id}`,
  '/products2nd/:id': async (request) => `/products2nd/${(await productForSale(request)).id}`,
  '/products/:shopId': async (request) => `/products/${(await productForSale(request)).vendorID}`,
  '/freebymall/:l1/:l2': async (request) => {
    const [free] = await searchProducts(request, 'isFree:true')
    expect(free, 'a free product').toBeDefined()
    return `/freebymall/${encodeURIComponent(free?.categoryL1 ?? '')}/${encodeURIComponent(free?.categoryL2 ?? '')}`
  },
  '/order-confirmation/:orderId': async (request) => `/order-confirmation/${await createGuestOrder(request)}`,
}

async function expectCleanPage(page: Page, route: string) {
  const errors = watchForErrors(page)
  await page.goto(route)
  // Lazy pages show a spinner first: the page's own main heading says it has rendered.
  await expect(
    page.getByRole('heading', { level: 1 }).first(),
    await page.locator('body').innerText(),
  ).toBeVisible()
  expect(await a11yViolations(page)).toEqual([])
  expect(errors).toEqual([])
}

for (const route of STATIC_ROUTES) {
  test(`${route} opens cleanly and passes axe`, async ({ page }) => {
    await expectCleanPage(page, route)
  })
}

for (const [pattern, build] of Object.entries(DATA_ROUTES)) {
  test(`${pattern} opens cleanly with a real id and passes axe`, async ({ page, request }) => {
    await expectCleanPage(page, await build(request))
  })
}
