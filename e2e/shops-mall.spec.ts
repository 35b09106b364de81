import { expect, test } from '@playwright/test'
import { expectNoA11yViolations, expectNoHorizontalScroll } from './support/journey-helpers'

test('the shops page lists every shop, and Quickview opens a dialog that Escape closes', async ({ page }) => {
  await page.goto('/shops')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our shops')
  const shops = page.getByRole('list', { name: 'Shops' }).getByRole('article')
  await expect(shops).toHaveCount(15)
  await expect(page.getByText('15 shops')).toBeVisible()

  const first = shops.first()
  const name = (await first.getByRole('heading').textContent())?.trim() ?? ''
  const quickview = first.getByRole('button', { name: /Quickview/ })
  await quickview.click()
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('link', { name: /^0\d/ })).toHaveAttribute('href', /^tel:\d+$/)
  await expectNoA11yViolations(page)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(quickview).toBeFocused()

  await quickview.click()
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('Visit shop opens the listing of that shop', async ({ page }) => {
  await page.goto('/shops')
  const link = page.getByRole('link', { name: /Visit shop/ }).first()
  const href = await link.getAttribute('href')
  expect(href).toMatch(/^\/products\/user-\d+$/)
  await link.click()
  await expect(page).toHaveURL(href ?? '')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('the shops page keeps its example filters out of the way and is accessible', async ({
  page,
  isMobile,
}) => {
  await page.goto('/shops')
  await expect(page.getByRole('list', { name: 'Shops' }).getByRole('article')).toHaveCount(15)
  const filters = page.getByRole('complementary', { name: 'Example filters' })
  if (isMobile) {
    await expect(filters).toBeHidden()
    await expectNoHorizontalScroll(page)
  } else {
    await expect(filters).toBeVisible()
    await expect(filters.getByRole('checkbox').first()).toBeDisabled()
  }
  await expectNoA11yViolations(page)
})

test('the free mall shows only free items, and their cards open the template product page', async ({
  page,
}) => {
  await page.goto('/freebymall')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Free items')
  await expect(page.getByText(/^\d+ free items?$/)).toBeVisible()
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(10)
  for (const card of await cards.all()) {
    await expect(card.getByText('Free', { exact: true })).toBeVisible()
    await expect(card.getByRole('heading').getByRole('link')).toHaveAttribute('href', /^\/products2nd\/\d+$/)
  }
  await expectNoA11yViolations(page)

  const first = cards.first().getByRole('heading').getByRole('link')
  const name = (await first.textContent())?.trim() ?? ''
  await first.click()
  await expect(page).toHaveURL(/\/products2nd\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})

test('the mall search narrows the free items by name', async ({ page }) => {
  await page.goto('/freebymall')
  const count = page.getByText(/^\d+ free items?/)
  await expect(count).toBeVisible()
  const before = Number((await count.textContent())?.split(' ')[0])

  await page.getByRole('searchbox', { name: 'Search free items' }).fill('bun')
  await expect(page).toHaveURL(/\/freebymall\?search=bun$/)
  await expect(page.getByText(/free items? matching “bun”$/)).toBeVisible()
  const after = Number((await page.getByText(/matching “bun”$/).textContent())?.split(' ')[0])
  expect(after).toBeGreaterThan(0)
  expect(after).toBeLessThan(before)
  for (const name of await page.getByRole('article').getByRole('heading').allTextContents()) {
    expect(name).toMatch(/\bbun/i)
  }
})

test('the mall category dropdown moves to that category', async ({ page }) => {
  await page.goto('/freebymall')
  const select = page.getByRole('combobox', { name: 'Category' })
  await expect(select).toBeEnabled()
  await select.selectOption({ label: 'Buns' })
  await expect(page).toHaveURL('/freebymall/Bakery/Buns')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Free items: Bakery > Buns')
  await expect(page.getByRole('article').first()).toBeVisible()
})

test('the mall pages through the free items', async ({ page }) => {
  await page.goto('/freebymall')
  await expect(page.getByRole('article')).toHaveCount(10)
  const firstName = await page.getByRole('article').first().getByRole('heading').textContent()
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL('/freebymall?page=2')
  await expect(page.getByRole('article').first().getByRole('heading')).not.toHaveText(firstName ?? '')
})

test('the mall and product pages fit a phone screen without sideways scrolling', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'a phone layout check')
  for (const url of ['/freebymall', '/shops', '/product-detail/8', '/products2nd/8']) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expectNoHorizontalScroll(page)
  }
})
