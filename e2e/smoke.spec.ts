import { expect, test } from '@playwright/test'
import { expectNoA11yViolations, waitForHydration, watchForErrors } from './support/journey-helpers'

interface CategoryNode {
  categoryName: string
}

test('home page loads cleanly and lists the categories from the API', async ({ page, request }) => {
  const errors = watchForErrors(page)
  const response = await request.get('/api/public/categories')
  expect(response.ok()).toBe(true)
  const names = ((await response.json()) as CategoryNode[])
    .map((category) => category.categoryName)
    .filter((name) => name.trim() !== '')
  expect(names.length).toBeGreaterThan(0)

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Fresh groceries')
  await expect(page).toHaveTitle(/Larder/)
  const categories = page.getByRole('navigation', { name: 'Shop by category' })
  for (const name of names) {
    await expect(categories.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expectNoA11yViolations(page)
  expect(errors).toEqual([])
})

test('a deep category URL loaded directly falls back to the app and decodes the path', async ({ page }) => {
  const errors = watchForErrors(page)
  const response = await page.goto('/products/Fresh/Vegetables%20%26%20Fruits/Vegetables')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('no-cache')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh > Vegetables & Fruits > Vegetables')
  await expect(page).toHaveTitle('Fresh > Vegetables & Fruits > Vegetables | Larder')
  expect(errors).toEqual([])
})

test('an unknown route shows the not-found page', async ({ page }) => {
  const errors = watchForErrors(page)
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL('/')
  await expectNoA11yViolations(page)
  expect(errors).toEqual([])
})

test('an unknown API path is a JSON 404, not the app', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint')
  expect(response.status()).toBe(404)
  expect(await response.json()).toHaveProperty('message')
})

test('hashed assets are cached as immutable', async ({ request }) => {
  const html = await (await request.get('/')).text()
  // A server-rendered page names its entry for the loader that adds it after the first paint.
  const scripts = [...html.matchAll(/(?:src|data-entry)="(\/assets\/[^"]+\.js)"/g)].flatMap((match) =>
    match.slice(1),
  )
  expect(scripts.length).toBeGreaterThan(0)
  for (const script of scripts) {
    const response = await request.get(script)
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toContain('immutable')
  }
})

test('the navbar moves between pages without a reload', async ({ page, isMobile }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await waitForHydration(page)
  const menu = page.getByRole('button', { name: 'Menu' })
  if (isMobile) {
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await menu.click()
  } else {
    await expect(menu).toBeHidden()
  }
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true))
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About us' }).click()
  await expect(page).toHaveURL('/aboutus')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us')
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
})

test('the navbar reflects the stored session and cart', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  await page.evaluate(() => {
    localStorage.setItem('jwt_token', 'token')
    localStorage.setItem('currentUser', JSON.stringify({ firstName: 'Priya', imageUrl: null }))
    // A whole line: the badge counts what the cart itself would show, and drops half-written lines.
    const line = {
      id: 1,
      productName: 'Carrots',
      images: [],
      salePrice: 1,
      discountPrice: null,
      isFree: false,
    }
    localStorage.setItem('cartItems', JSON.stringify([{ ...line, qty: 2 }]))
  })
  await page.reload()
  await expect(page.getByText('Priya', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull()
})

test('the scroll-to-top button appears after scrolling more than 300 px', async ({ page, viewport }) => {
  // A short window, so even the placeholder home page has more than 300 px to scroll.
  await page.setViewportSize({ width: viewport?.width ?? 1280, height: 400 })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const button = page.getByRole('button', { name: 'Scroll to top' })
  await page.evaluate(() => window.scrollTo(0, 300))
  await expect(button).toBeHidden()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect(button).toBeVisible()
  await button.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(button).toBeHidden()
})

test("pages' main actions share one button look (styles/buttons.css)", async ({ page }) => {
  const look = async (path: string, name: string) => {
    await page.goto(path)
    const main = page.getByRole('main')
    const action = main
      .getByRole('link', { name, exact: true })
      .or(main.getByRole('button', { name, exact: true }))
    await expect(action).toBeVisible()
    return action.evaluate((element) => {
      const style = getComputedStyle(element)
      return [style.backgroundColor, style.color, style.fontWeight, style.borderRadius, style.minHeight]
    })
  }
  const notFound = await look('/no/such/page', 'Go to the home page')
  // Brand green, white, semibold, a pill, a 44 px target.
  expect(notFound).toEqual(['rgb(32, 116, 74)', 'rgb(255, 255, 255)', '600', '999px', '44px'])
  expect(await look('/aboutus', 'Send us a message')).toEqual(notFound)
  expect(await look('/contactus', 'Send')).toEqual(notFound)
  expect(await look('/cart-page', 'Shop now')).toEqual(notFound)
})
