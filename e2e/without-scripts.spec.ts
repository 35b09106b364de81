import { expect, test, type Page } from '@playwright/test'

/**
 * The server-rendered pages with scripts off: paging, the price filter, the mall's paging and the phone's
 * category panel are links or forms, the home page's rows are there in the HTML, and a crawler that only
 * follows links reaches every product.
 */
test.use({ javaScriptEnabled: false })

const cards = (page: Page) => page.getByRole('main').getByRole('article')
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' })
const firstCardName = async (page: Page) =>
  (await cards(page).first().getByRole('heading').textContent()) ?? ''

test('the listing pages and filters by links and forms', async ({ page }) => {
  await page.goto('/products')
  await expect(cards(page)).toHaveCount(20)
  const first = await firstCardName(page)
  await pagination(page).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/products\?page=2$/)
  await expect(page.getByText(/^21–40 of \d+ products$/)).toBeVisible()
  expect(await firstCardName(page)).not.toBe(first)
  await pagination(page).getByRole('link', { name: 'Page 1 of', exact: false }).click()
  await expect(page).toHaveURL(/\/products$/)

  await page.goto('/products?search=a&page=2')
  await page.getByRole('button', { name: 'Free', exact: true }).click()
  // The filter keeps the search, and starts again from the first page.
  await expect(page).toHaveURL(/\/products\?search=a&filter=free$/)
  await expect(page.getByRole('button', { name: 'Free', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  for (const card of await cards(page).all())
    await expect(card.getByText('Free', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Non-free' }).click()
  await expect(page).toHaveURL(/filter=paid/)
  await page.getByRole('button', { name: 'All', exact: true }).click()
  await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true')
})

test('the mall pages by links', async ({ page }) => {
  await page.goto('/freebymall')
  const first = await firstCardName(page)
  await pagination(page).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/freebymall\?page=2$/)
  expect(await firstCardName(page)).not.toBe(first)
})

test('the phone’s category panel opens and leads to a category', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/products')
  const panel = page.getByRole('navigation', { name: 'Categories' })
  await expect(panel.getByRole('link', { name: 'Fresh', exact: true })).toBeHidden()
  await panel.getByRole('button', { name: 'Categories' }).click()
  await panel.getByRole('link', { name: 'Fresh', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh')
  await expect(cards(page).first()).toBeVisible()
})

test('the home page’s category rows come with their products', async ({ page }) => {
  await page.goto('/')
  const rows = page.locator('section[aria-labelledby^="home-row-"]')
  expect(await rows.count()).toBeGreaterThan(3)
  for (const row of await rows.all()) await expect(row.getByRole('link', { name: /./ }).nth(1)).toBeAttached()
  await expect(page.getByText('Loading the aisles…')).toHaveCount(0)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
})

test('a crawler following links alone reaches every product', async ({ request }) => {
  const total = Number((await request.get('/api/public/products?page=0&size=1')).headers()['x-total-count'])
  const queue = ['/', '/products']
  const fetched = new Set<string>()
  const products = new Set<string>()
  while (queue.length > 0 && fetched.size < 300) {
    const path = queue.shift() ?? ''
    if (fetched.has(path)) continue
    fetched.add(path)
    const html = await (await request.get(path)).text()
    for (const match of html.matchAll(/<a [^>]*href="([^"#]+)"/g)) {
      const href = (match[1] ?? '').replace(/&amp;/g, '&')
      const detail = /^\/product-detail\/(\d+)$/.exec(href)
      if (detail) products.add(detail[1] ?? '')
      // Listings, unfiltered but paged: the pages a crawler walks to find the products.
      else if (/^\/products(\?page=\d+)?$/.test(href) && !fetched.has(href)) queue.push(href)
    }
  }
  expect(products.size).toBe(total)
})
