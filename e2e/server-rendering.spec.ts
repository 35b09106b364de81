import { createHash } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { holdScripts, searchProducts, watchForErrors, type ApiProduct } from './support/journey-helpers'

/**
 * Pages rendered on the server with their data (docs/decisions/0008-server-rendered-pages.md): the HTML
 * itself shows the products, a missing page answers 404, and with JavaScript the browser takes over the
 * server's markup (hydration) instead of rendering the page again.
 */

const CATEGORY = 'Bakery'

interface ApiProductWithPrices extends ApiProduct {
  discountPrice: number | null
}

/** The item at `index`, failing the test if the list is shorter. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index]
  if (item === undefined) throw new Error(`Expected at least ${index + 1} items, got ${items.length}`)
  return item
}

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** The price a card shows first: free, the discount price when lower, or the sale price. */
function shownPrice(product: ApiProductWithPrices): string {
  if (product.isFree) return pounds.format(0)
  const sale = product.salePrice ?? 0
  const discount = product.discountPrice
  return pounds.format(discount !== null && discount < sale ? discount : sale)
}

async function newestProducts(page: Page, size: number): Promise<ApiProductWithPrices[]> {
  const response = await page.request.get('/api/public/products', {
    params: { page: 0, size, sort: 'dateCreated,desc' },
  })
  expect(response.ok()).toBe(true)
  return (await response.json()) as ApiProductWithPrices[]
}

/** The page's HTML as the server sent it, and its status. */
async function served(page: Page, path: string) {
  const response = await page.request.get(path)
  return { status: response.status(), html: await response.text() }
}

/** Text of the server's markup for #root, with entities decoded as a browser would show them. */
function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'))
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the home page arrives with its heading and best-rated products', async ({ page, request }) => {
    const rated = (await searchProducts(request, '(status:"RATED")', 4)) as ApiProductWithPrices[]
    expect(rated.length).toBeGreaterThan(0)
    const { status, html } = await served(page, '/')
    expect(status).toBe(200)
    const text = rootText(html)
    expect(text).toContain('Fresh groceries and bakes from north-west London shops')
    for (const product of rated) expect(text).toContain(product.productName)

    await page.goto('/')
    await expect(page).toHaveTitle('Larder: fresh groceries in north-west London')
    // Styled by rules inline in the page, the shell's and the page's own (decision 0012): the first paint
    // waits for no stylesheet.
    await expect(page.locator('link[rel="stylesheet"]:not([disabled])')).toHaveCount(0)
    expect(await page.locator('style[data-href]').count()).toBeGreaterThan(1)
    await expect(page.locator('#root')).toHaveCSS('display', 'flex')
    await expect(page.getByRole('heading', { name: 'Best Rated Products' })).toBeVisible()
    await expect(page.getByRole('heading', { name: at(rated, 0).productName }).first()).toBeVisible()
  })

  test('the first paint waits for everything the server rendered', async ({ page }) => {
    // Decision 0015. Chromium releases a render-blocking `expect` link as soon as its element is parsed
    // (its start tag, not its end), so the element must come after the whole of #root.
    await page.goto('/')
    const blocking = page.locator('head > link[rel="expect"][blocking="render"]')
    await expect(blocking).toHaveCount(1)
    const href = await blocking.getAttribute('href')
    expect(href).toMatch(/^#./)
    const placement = await page.evaluate(
      (id) => {
        const root = document.getElementById('root')
        const end = document.getElementById(id)
        if (root === null || end === null) return 'missing'
        const follows = (root.compareDocumentPosition(end) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
        return follows && !root.contains(end) ? 'after the page' : 'inside or before the page'
      },
      href?.slice(1) ?? '',
    )
    expect(placement).toBe('after the page')
  })

  test("the page's inline scripts are the ones its Content-Security-Policy allows", async ({ request }) => {
    // The build compiles the scripts and records their hashes (decision 0029); a byte between the two
    // would leave the scripts blocked, and the page's code never loaded.
    for (const path of ['/', '/products']) {
      const response = await request.get(path)
      const scriptSrc = (response.headers()['content-security-policy'] ?? '')
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src '))
      const html = await response.text()
      const inline = [...html.matchAll(/<script(?: data-[^>]*)?>(.*?)<\/script>/g)].map(
        (match) => match[1] ?? '',
      )
      expect(inline, path).toHaveLength(3)
      for (const code of inline)
        expect(scriptSrc, path).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`)
    }
  })

  test('the listing arrives with the first page of products and their prices', async ({ page }) => {
    const products = await newestProducts(page, 20)
    const { status, html } = await served(page, '/products')
    expect(status).toBe(200)
    const text = rootText(html)
    expect(text).toContain('All products')
    for (const product of products) {
      expect(text).toContain(product.productName)
      expect(text).toContain(shownPrice(product))
    }

    await page.goto('/products')
    await expect(page).toHaveTitle('All products | Larder')
    const grid = page.getByRole('main').getByRole('article')
    await expect(grid).toHaveCount(products.length)
    await expect(grid.first().getByRole('heading')).toHaveText(at(products, 0).productName)
  })

  test('a category listing and its second page arrive rendered', async ({ page, request }) => {
    const inCategory = await searchProducts(request, `(categoryL1:"${CATEGORY}")`, 20)
    expect(inCategory.length).toBeGreaterThan(0)
    await page.goto(`/products/${CATEGORY}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CATEGORY)
    await expect(page).toHaveTitle(`${CATEGORY} | Larder`)
    for (const product of inCategory.slice(0, 5))
      await expect(page.getByRole('heading', { name: product.productName, exact: true })).toBeVisible()

    // The query string is part of what the server renders.
    const all = await newestProducts(page, 40)
    const { html } = await served(page, '/products?page=2')
    expect(rootText(html)).toContain(at(all, 20).productName)
    expect(rootText(html)).not.toContain(` ${at(all, 0).productName} `)
  })

  test('a product page arrives with its name, price and related products', async ({ page, request }) => {
    const inCategory = await searchProducts(request, `(categoryL1:"${CATEGORY}")`, 1)
    const product = at(inCategory as ApiProductWithPrices[], 0)
    const response = await page.goto(`/product-detail/${product.id}`)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(`${product.productName} | Larder`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.productName)
    await expect(page.getByRole('article').getByText(shownPrice(product)).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'You may also like' })).toBeVisible()
  })

  test('an unknown path, product and shop answer 404 with their not-found pages', async ({ page }) => {
    const unknown = await page.goto('/no/such/page')
    expect(unknown?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    await expect(page).toHaveTitle('Page not found | Larder')

    const missing = await page.goto('/product-detail/987654321')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that product')

    const noShop = await page.goto('/products/user-999')
    expect(noShop?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop not found')
  })

  test('the search box searches through the server', async ({ page, request }) => {
    const [match] = await searchProducts(request, '(productName:"ched*")', 1)
    await page.goto('/')
    const search = page.getByRole('main').getByRole('combobox', { name: 'Search products' })
    await search.fill('ched')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/products\?search=ched$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “ched”')
    const name = at(match ? [match] : [], 0).productName
    await expect(page.getByRole('main').getByRole('heading', { name, exact: true }).first()).toBeVisible()
  })

  test('pages that depend on the visitor arrive empty, for the browser to render', async ({ page }) => {
    const { status, html } = await served(page, '/cart-page')
    expect(status).toBe(200)
    expect(html).toContain('<div id="root"></div>')
    expect(html).toContain('<title>Larder: fresh groceries in north-west London</title>')
  })
})

/** Keeps the server's `<h1>` as it was parsed, before any script ran, to compare after hydration. */
async function rememberServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      Object.assign(window, { serverHeading: document.querySelector('h1') })
    })
  })
}

async function expectHydrated(page: Page) {
  // Hydration keeps the server's elements; a client render (after a mismatch) would replace them.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const kept = (window as { serverHeading?: Element | null }).serverHeading
        return (
          kept !== null && kept !== undefined && kept === document.querySelector('h1') && kept.isConnected
        )
      }),
    )
    .toBe(true)
}

/**
 * Opens the listing with its heading changed under React, as a translating browser extension changes it,
 * and its scripts held back: hydration then fails, and React renders the whole page again.
 */
async function openTranslatedListing(page: Page): Promise<() => void> {
  await page.route(/\/products$/, async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace('All products</h1>', 'Tous les produits</h1>')
    await route.fulfill({ response, body })
  })
  const release = await holdScripts(page)
  await page.goto('/products', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tous les produits')
  return release
}

test.describe('with JavaScript', () => {
  test('the listing hydrates and pages, searches and adds to the cart', async ({ page }) => {
    const errors = watchForErrors(page)
    await rememberServerHeading(page)
    const products = await newestProducts(page, 21)
    await page.goto('/products')
    await expectHydrated(page)

    // Pagination: a click is handled in the page, with the next page's products.
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: /^Page 2 of/ })
      .click()
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(page.getByRole('heading', { name: at(products, 20).productName, exact: true })).toBeVisible()

    // Search suggestions come from the API as the shopper types.
    const word = at(at(products, 0).productName.split(' '), 0)
    const search = page.getByRole('main').getByRole('combobox', { name: /search/i })
    await search.fill(word.slice(0, 3))
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible()
    await search.press('Escape')

    await page.getByRole('combobox', { name: 'Delivery town' }).selectOption('Ealing')
    const card = page.getByRole('main').getByRole('article').first()
    await card.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
    expect(errors).toEqual([])
  })

  test('the stored cart and session show once the server-rendered page has hydrated', async ({ page }) => {
    const errors = watchForErrors(page)
    await rememberServerHeading(page)
    const product = at(await newestProducts(page, 1), 0)
    await page.addInitScript((item) => {
      localStorage.setItem('cartItems', JSON.stringify([{ ...item, qty: 3 }]))
    }, product)
    await page.goto(`/product-detail/${product.id}`)
    await expectHydrated(page)
    await expect(page.getByTestId('cart-badge')).toHaveText('3')
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('text typed before the page has hydrated is still searched', async ({ page }) => {
    const errors = watchForErrors(page)
    // The scripts wait until the shopper has typed, as on a slow phone where the page shows first.
    const release = await holdScripts(page)
    // Module scripts hold back DOMContentLoaded: the page is there once the server's markup is.
    await page.goto('/', { waitUntil: 'commit' })
    const search = page.getByRole('main').getByRole('combobox', { name: 'Search products' })
    await search.fill('ched')
    release()
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible()
    await expect(search).toHaveValue('ched')
    expect(errors).toEqual([])
  })

  test("text typed in the listing's search bar before hydration hides the aisle carousel", async ({
    page,
  }) => {
    const errors = watchForErrors(page)
    await rememberServerHeading(page)
    const release = await holdScripts(page)
    await page.goto('/products', { waitUntil: 'commit' })
    const carousel = page.getByRole('region', { name: 'Browse the aisles' })
    await expect(carousel).toBeVisible()
    await page.getByRole('main').getByRole('combobox', { name: 'Search products' }).fill('ched')
    release()
    await expectHydrated(page)
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible()
    await expect(carousel).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('a button clicked before the page has hydrated still does its job', async ({ page }) => {
    const errors = watchForErrors(page)
    const products = await newestProducts(page, 21)
    const release = await holdScripts(page)
    await page.goto('/products', { waitUntil: 'commit' })
    await page.getByRole('button', { name: 'Non-free' }).click()
    // Nothing happens yet: the click waits for the page's code instead of being lost.
    await expect(page).not.toHaveURL(/[?&]filter=paid/)
    release()
    await expect(page).toHaveURL(/[?&]filter=paid/)
    const firstPaid = products.find((product) => !product.isFree)
    if (firstPaid)
      await expect(page.getByRole('heading', { name: firstPaid.productName, exact: true })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a button clicked before hydration still works when React has to render the page afresh', async ({
    page,
  }) => {
    // The button the shopper clicked is no longer there once React has rendered the page again.
    const release = await openTranslatedListing(page)
    await page.getByRole('button', { name: 'Non-free' }).click()
    release()
    await expect(page).toHaveURL(/[?&]filter=paid/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products')
  })

  test('text typed before hydration is still searched when React has to render the page afresh', async ({
    page,
  }) => {
    const release = await openTranslatedListing(page)
    const search = page.getByRole('main').getByRole('combobox', { name: 'Search products' })
    await search.fill('ched')
    release()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products')
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible()
    await expect(search).toHaveValue('ched')
  })

  test('the home page and a missing product hydrate without errors', async ({ page }) => {
    const errors = watchForErrors(page)
    await rememberServerHeading(page)
    await page.goto('/')
    await expectHydrated(page)
    await expect(page.getByRole('heading', { name: 'Best Rated Products' })).toBeVisible()

    const missing = await page.goto('/product-detail/987654321')
    expect(missing?.status()).toBe(404)
    await expectHydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that product')
    expect(errors).toEqual([])
  })

  test('a page paints before it asks for any script or stylesheet, then hydrates', async ({ page }) => {
    const errors = watchForErrors(page)
    await rememberServerHeading(page)
    await page.goto('/products', { waitUntil: 'networkidle' })
    await expectHydrated(page)
    const { paintedAt, files } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      files: performance
        .getEntriesByType('resource')
        .filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }))
    expect(paintedAt).toBeDefined()
    // The rules are inline and the scripts wait for the first paint (decision 0012).
    expect(files.filter((file) => file.startTime < (paintedAt ?? 0))).toEqual([])
    expect(files.some((file) => file.name.endsWith('.js'))).toBe(true)
    expect(errors).toEqual([])
  })
})
