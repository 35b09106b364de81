import { expect, type Page, test } from '@playwright/test'
import { searchProducts, watchForErrors } from '../support/journey-helpers'

// Rice & Grains: no other spec buys from this shelf, so keyboard checkouts never race for its stock.
const CATEGORY_PATH = '/products/Pantry/Rice%20%26%20Grains'
const CATEGORY_QUERY = '(categoryL1:"Pantry") AND (categoryL2:"Rice & Grains")'

test.describe('Use my location', () => {
  // Near Harrow, unless a test moves the browser.
  test.use({ geolocation: { latitude: 51.5836, longitude: -0.3464 }, permissions: ['geolocation'] })

  /** Presses "Use my location" on a listing and expects `city`, with Add to Cart on only for a delivery town. */
  const locateOnListing = async (page: Page, city: string) => {
    const errors = watchForErrors(page)
    // The list of UK towns (26 kB gzip) is for this button only: no page loads it before the press.
    const townLists: string[] = []
    page.on('request', (request) => {
      if (/\/uk-towns-[^/]*\.js$/.test(request.url())) townLists.push(request.url())
    })
    await page.goto('/products/Fresh/Cheese', { waitUntil: 'networkidle' })
    expect(townLists).toEqual([])
    const town = page.getByRole('combobox', { name: 'Delivery town' })
    await expect(town).toHaveValue('')
    const add = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByText(/^\d+ left$/) })
      .first()
      .getByRole('button', { name: 'Add to Cart' })
    await expect(add).toBeDisabled()

    await page.getByRole('button', { name: 'Use my location' }).click()
    await expect(town).toHaveValue(city)
    expect(townLists).toHaveLength(1)
    if (city === 'Other') await expect(add).toBeDisabled()
    else await expect(add).toBeEnabled()
    expect(errors).toEqual([])
  }

  test('near Harrow picks Harrow and enables Add to Cart', async ({ page }) => {
    await locateOnListing(page, 'Harrow')
  })

  test('in central London picks Other: London is nearer than any delivery town', async ({
    page,
    context,
  }) => {
    // Trafalgar Square, set before the page asks: the browser may answer a second ask from its cache.
    await context.setGeolocation({ latitude: 51.508, longitude: -0.1281 })
    await locateOnListing(page, 'Other')
  })
})

test('keyboard only: from the listing to the sandbox payment page with Tab, Space and Enter', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a phone has no keyboard to Tab with')
  const [product] = (await searchProducts(request, CATEGORY_QUERY)).filter(
    (p) => !p.isFree && p.salePrice !== null && p.qty >= 5,
  )
  expect(product, 'a product to buy').toBeDefined()
  const name = product?.productName ?? ''
  await page.goto(CATEGORY_PATH)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  /** Tabs (forward, or back with Shift) until `target` has the focus, failing if it never does. */
  const tabTo = async (target: ReturnType<typeof page.getByRole>, limit = 150, key = 'Tab') => {
    for (let i = 0; i < limit; i++) {
      if (await target.evaluate((element) => element === document.activeElement)) return
      await page.keyboard.press(key)
    }
    throw new Error(`${key} never reached ${target.toString()}`)
  }

  // A select opens with Space and moves with the arrows in a real browser; the keyboard types its way
  // to a choice instead, which is how a keyboard user picks from a long list.
  const town = page.getByRole('combobox', { name: 'Delivery town' })
  await tabTo(town)
  await page.keyboard.type('Harrow')
  await expect(town).toHaveValue('Harrow')

  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
  const add = card.getByRole('button', { name: 'Add to Cart' })
  await tabTo(add, 400)
  await page.keyboard.press('Space')
  await expect(page.getByTestId('cart-badge')).toHaveText('1')

  // Back up to the cart link in the navbar.
  const cartLink = page.getByRole('link', { name: 'Cart, 1 item' })
  await tabTo(cartLink, 400, 'Shift+Tab')
  await page.keyboard.press('Enter')
  const panel = page.getByRole('dialog', { name: 'Your cart' })
  const checkOut = panel.getByRole('button', { name: 'Check out' })
  await tabTo(checkOut)
  await page.keyboard.press('Enter')
  await page.waitForURL('**/cart-page')

  const shipping = page.getByRole('region', { name: 'Shipping address' })
  await tabTo(shipping.getByLabel('Email'), 400)
  for (const value of [
    'kb@example.test',
    'Kay',
    'Board',
    '02079460018',
    '1 Station Road',
    'Harrow',
    'London',
  ]) {
    await page.keyboard.type(value)
    await page.keyboard.press('Tab')
  }
  await page.keyboard.press('Tab')
  await page.keyboard.type('HA1 2AA')
  await tabTo(page.getByRole('button', { name: 'Create Order' }))
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/sandbox\/pay\//)
  await expect(page.getByLabel('Card number')).toBeVisible()
})

test('tabbing backwards never leaves the focused control under the sticky header', async ({ page }) => {
  await page.goto('/contactus')
  await page.getByRole('contentinfo').getByRole('link').last().focus()
  for (let press = 0; press < 25; press++) {
    await page.keyboard.press('Shift+Tab')
    const hidden = await page.evaluate(() => {
      const focused = document.activeElement
      if (!(focused instanceof HTMLElement) || focused === document.body) return null
      const box = focused.getBoundingClientRect()
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1)
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1)
      const top = document.elementFromPoint(x, y)
      const covered = top !== null && !focused.contains(top) && top.closest('header') !== null
      return covered ? (focused.getAttribute('aria-label') ?? focused.textContent ?? focused.tagName) : null
    })
    expect(hidden, `the header covers "${hidden}"`).toBeNull()
  }
})
