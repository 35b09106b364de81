import { expect, test, type Locator, type Page } from '@playwright/test'

/** Shopper's rough edges, tried in the browser at the desktop and phone sizes. */

const cards = (page: Page) => page.getByRole('main').getByRole('article')

async function box(locator: Locator) {
  const rect = await locator.boundingBox()
  if (!rect) throw new Error('not laid out')
  return rect
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test('a tap on a disabled Add to Cart says why on the button and leaves the price in view', async ({
  page,
}) => {
  await page.goto('/products')
  const card = cards(page).first()
  const button = card.getByRole('button', { name: /^Add to Cart/ })
  await expect(button).toHaveAttribute('aria-disabled', 'true')
  const price = card.getByText(/£\d+\.\d{2}/).first()
  // aria-disabled, so that it can still be reached and tell why: Playwright would wait for it to enable.
  if (test.info().project.name === 'phone') await button.tap({ force: true })
  else await button.click({ force: true })
  await expect(card.getByText('Choose your delivery town first', { exact: true }).last()).toBeVisible()
  await expect(card.getByRole('tooltip')).toBeHidden()
  // Whatever covers the button, nothing covers the price.
  const priceBox = await box(price)
  const covering = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? '', {
    x: priceBox.x + priceBox.width / 2,
    y: priceBox.y + priceBox.height / 2,
  })
  expect(covering).toMatch(/£\d+\.\d{2}/)
})

test('a town no shop is in says that nothing is listed, and nothing is', async ({ page }) => {
  await page.goto('/products?town=Kenton')
  await expect(
    page.getByText('No shop is in “Kenton”, so no products are listed.', { exact: false }),
  ).toBeVisible()
  await expect(page.getByText(/Still showing/)).toHaveCount(0)
  await expect(page.getByText('No products here match the shop filters.')).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
})

test('a search for * alone is no search, and a page past the end is named without its number', async ({
  page,
}) => {
  await page.goto('/products?search=*')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products')
  await expect(page.getByText(/“\*” is not something we can search for/)).toBeVisible()
  await expect(page).toHaveTitle(/^All products \| Larder$/)
  // Nor is text with no letter or digit the catalogue's words are made of.
  await page.goto(`/products?search=${encodeURIComponent('牛奶')}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products')
  await expect(page.getByText(/“牛奶” is not something we can search for/)).toBeVisible()
  await page.goto('/products?page=9999999999999999')
  await expect(page.getByText(/^This listing has only \d+ pages/)).toBeVisible()
  await expect(page).toHaveTitle('All products | Larder')
})

test('the navbar links stay on one line from 500 to 509 px', async ({ page }) => {
  for (let width = 500; width <= 509; width++) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/aboutus')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const heights = await Promise.all(
      ['Home', 'Larder mall', 'About us'].map(
        async (name) => (await box(nav.getByRole('link', { name, exact: false }).first())).height,
      ),
    )
    expect(Math.max(...heights) - Math.min(...heights), `at ${width} px`).toBeLessThan(2)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `at ${width} px`,
    ).toBeLessThanOrEqual(width)
  }
})

test('on a phone the scroll-to-top button leaves the footer’s last line readable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/aboutus')
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const button = page.getByRole('button', { name: 'Scroll to top' })
  await expect(button).toBeVisible()
  // The text itself, not its full-width paragraph.
  const text = await page
    .locator('footer')
    .getByText(/^© \d{4} Larder/)
    .evaluate((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      const { x, y, width, height } = range.getBoundingClientRect()
      return { x, y, width, height }
    })
  expect(overlaps(await box(button), text)).toBe(false)
})
