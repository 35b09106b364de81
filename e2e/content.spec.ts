import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations, expectNoHorizontalScroll, watchForErrors } from './support/journey-helpers'

const CONTENT_PAGES = [
  { path: '/aboutus', heading: 'About us' },
  { path: '/contactus', heading: 'Contact us' },
  { path: '/refund-policy', heading: 'Refund policy' },
  { path: '/privacy-policy', heading: 'Privacy and cookie policy' },
  { path: '/terms-and-conditions', heading: 'Terms and conditions' },
  { path: '/category-list', heading: 'Categories' },
] as const

/** Waits until nothing on the page is loading, so axe sees the finished page and not a skeleton. */
async function waitForContent(page: Page, path: string) {
  if (path === '/category-list') {
    await expect(page.getByRole('link', { name: 'Fresh', exact: true }).first()).toBeVisible()
  }
  await expect(page.getByRole('navigation', { name: 'Shop by category' }).getByRole('list')).toBeVisible()
  await page.waitForLoadState('networkidle')
}

for (const { path, heading } of CONTENT_PAGES) {
  test(`${path} opens with its heading, no console errors and no axe violations`, async ({ page }) => {
    const errors = watchForErrors(page)
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page).toHaveTitle(/\| Larder$/)
    await waitForContent(page, path)
    await expectNoA11yViolations(page)
    expect(errors).toEqual([])
  })
}

test('every content page fits a 320 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 })
  for (const { path, heading } of CONTENT_PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await waitForContent(page, path)
    await expectNoHorizontalScroll(page)
  }
})

test('the category list links to the listing of a deep category', async ({ page }) => {
  await page.goto('/category-list')
  await page.getByRole('link', { name: 'Vegetables & Fruits' }).click()
  await expect(page).toHaveURL('/products/Fresh/Vegetables%20%26%20Fruits')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh > Vegetables & Fruits')
})

test('the contact form sends a message to the shop', async ({ page }) => {
  const errors = watchForErrors(page)
  await page.goto('/contactus')
  await page.getByRole('textbox', { name: 'Name' }).fill('Priya Shah')
  await page.getByRole('textbox', { name: 'Email address' }).fill('priya@example.com')
  await page.getByRole('textbox', { name: 'Phone number' }).fill('020 7946 0999')
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Do you deliver sourdough to Pinner on Saturdays?')
  const sent = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/public/contact-messages') && response.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Send' }).click()
  const response = await sent
  expect(response.status()).toBe(201)
  expect(await response.json()).toMatchObject({ id: expect.any(Number) })
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toHaveText(
    'Thank you, your message has been sent.',
  )
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('')
  expect(errors).toEqual([])
})

test('the contact form checks the e-mail address before sending', async ({ page }) => {
  let posted = false
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/contact-messages')) posted = true
  })
  await page.goto('/contactus')
  await page.getByRole('textbox', { name: 'Email address' }).fill('not-an-email')
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Invalid email')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeFocused()
  expect(posted).toBe(false)
})

test('the mini cart needs the terms box, and closes with Escape back to its button', async ({
  page,
  isMobile,
}) => {
  const errors = watchForErrors(page)
  await page.goto('/contactus')
  const opener = isMobile
    ? page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('button', { name: 'Cart, 8 items' })
    : page.getByRole('group', { name: 'Bakery tools' }).getByRole('button', { name: 'Cart, 8 items' })
  await opener.click()
  const cart = page.getByRole('dialog', { name: 'Your cart' })
  await expect(cart).toBeVisible()
  await expect(cart.getByText('€369,00')).toBeVisible()
  const checkout = cart.getByRole('button', { name: 'Checkout' })
  await expect(checkout).toBeDisabled()
  await cart.getByLabel('I have read and agree with the terms & condition.').check()
  await expect(checkout).toBeEnabled()
  await expectNoA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(cart).toBeHidden()
  await expect(opener).toBeFocused()
  expect(errors).toEqual([])
})

test('the quick view and the search modal work from the keyboard', async ({ page }) => {
  const errors = watchForErrors(page)
  await page.goto('/contactus')
  await page.getByRole('button', { name: 'Quick view: Spiced pumpkin loaf' }).click()
  const quickView = page.getByRole('dialog', { name: 'Spiced pumpkin loaf' })
  await expect(quickView.getByRole('radio')).toHaveCount(3)
  await expect(quickView.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1')
  await expectNoA11yViolations(page)
  await quickView.getByRole('button', { name: 'Close' }).click()
  await expect(quickView).toBeHidden()

  await page.getByRole('group', { name: 'Bakery tools' }).getByRole('button', { name: 'Search' }).click()
  const search = page.getByPlaceholder('Search product here..')
  await expect(search).toBeFocused()
  await search.fill('cheddar')
  await search.press('Enter')
  await expect(page).toHaveURL('/products?search=cheddar')
  expect(errors).toEqual([])
})

test('the bottom bar shows on phones only', async ({ page, isMobile }) => {
  await page.goto('/contactus')
  const bar = page.getByRole('navigation', { name: 'Shortcuts' })
  if (isMobile) {
    await expect(bar).toBeVisible()
    await expect(bar.getByRole('link', { name: 'Wishlist, 5 items' })).toBeVisible()
  } else {
    await expect(bar).toBeHidden()
  }
})
