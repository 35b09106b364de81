import { expect, test, type Browser, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/journey-helpers'

/**
 * The server-rendered pages with scripts off: paging, the price filter, the mall's paging and the phone's
 * category panel are links or forms, the home page's rows are there in the HTML, a crawler that only
 * follows links reaches every product, and the contact form posts to the server. Each project sends one
 * contact message (five per address in 10 minutes, counted with content.spec.ts's).
 */
test.use({ javaScriptEnabled: false })

/**
 * axe runs as a script, which a page without scripts does not run: it checks the page's markup as the
 * server sent it (its scripts taken out, the address kept for its pictures) in a page of its own.
 */
async function expectNoA11yViolationsInMarkup(page: Page, browser: Browser) {
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace('<head>', `<head><base href="${page.url()}">`)
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true })
  try {
    const copy = await context.newPage()
    await copy.setContent(html)
    await expectNoA11yViolations(copy)
  } finally {
    await context.close()
  }
}

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

test('the contact form posts to the server, marks mistakes keeping what was typed, then thanks', async ({
  page,
  browser,
}) => {
  // Two axe runs, each in a page of its own.
  test.slow()
  await page.goto('/contactus')
  const form = page.getByRole('region', { name: 'Drop us message' })
  const box = (name: string) => form.getByRole('textbox', { name })
  await box('Name').fill('Priya Shah')
  await box('Phone number').fill('call me maybe')
  await box('Message').fill('Do you deliver sourdough to Pinner on Saturdays?')
  const refused = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/contactus' && response.request().method() === 'POST',
  )
  await form.getByRole('button', { name: 'Send' }).click()
  expect((await refused).status()).toBe(400)
  await expect(page).toHaveURL(/\/contactus#contact-form$/)
  // The answer opens at the form, where its mistakes are.
  await expect(box('Phone number')).toBeInViewport()
  await expect(form.getByRole('alert')).toHaveText(
    'Your message was not sent: please correct the marked fields.',
  )
  await expect(box('Phone number')).toHaveAttribute('aria-invalid', 'true')
  await expect(box('Phone number')).toHaveAccessibleDescription(
    'Phone number may contain only digits, spaces and + ( ) -',
  )
  await expect(box('Name')).toHaveValue('Priya Shah')
  await expect(box('Phone number')).toHaveValue('call me maybe')
  await expect(box('Message')).toHaveValue('Do you deliver sourdough to Pinner on Saturdays?')
  await expectNoA11yViolationsInMarkup(page, browser)

  await box('Phone number').fill('020 7946 0999')
  const sent = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/contactus' && response.request().method() === 'POST',
  )
  await form.getByRole('button', { name: 'Send' }).click()
  expect((await sent).status()).toBe(200)
  await expect(form.getByRole('status')).toHaveText('Thank you, your message has been sent.')
  await expect(box('Message')).toHaveValue('')
  await expect(box('Phone number')).not.toHaveAttribute('aria-invalid')
  await expectNoA11yViolationsInMarkup(page, browser)
})

test('a contact form whose page has expired is refused, keeping what was typed', async ({
  page,
  context,
}) => {
  await page.goto('/contactus')
  const form = page.getByRole('region', { name: 'Drop us message' })
  await form.getByRole('textbox', { name: 'Email address' }).fill('priya@example.com')
  await form.getByRole('textbox', { name: 'Message' }).fill('Is the bakery open on Sundays?')
  // The XSRF cookie the page's hidden field echoes is gone, as after the browser dropped its cookies.
  await context.clearCookies()
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByRole('alert')).toHaveText(
    'Your message was not sent: the page had expired. Please check it and press Send again.',
  )
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('Is the bakery open on Sundays?')
  // The answer carries the new cookie's value, so that Send works again.
  const cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value
  expect(cookie).toBeTruthy()
  await expect(page.locator('input[type=hidden][name=_xsrf]')).toHaveValue(cookie ?? '')
})
