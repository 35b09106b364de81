import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations, logIn, watchForErrors } from './support/journey-helpers'

/** The demo's first shop and its login (apps/server/src/db/seed/demo-accounts.ts), set outside production. */
const VENDOR = { id: 'user-1', email: 'vendor1@larder.test', password: 'larder-shop-demo' }

/** A 96 × 72 orange PNG: uploaded under a .jpg name, since the server goes by the bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABICAIAAACGBWc0AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAcklEQVR42u3QMQ0AAAgDsPnBJS5xgwNujiZV0EwXhygQJEiQIEGCBAlCkCBBggQJEiQIQYIECRIkSJAgBAkSJEiQIEGCBCFIkCBBggQJEoQgQYIECRIkSBCCBAkSJEiQIEGCECRIkCBBggQJQpAgQYK+WG0KJGgglphWAAAAAElFTkSuQmCC',
  'base64',
)

/** A real 400 × 300 HEIC photo (HEVC), the API tests' fixture. */
const HEIC_FIXTURE = new URL('../apps/server/src/test/fixtures/halves.heic', import.meta.url)

const unique = (label: string) => `${label} ${test.info().project.name} ${Date.now().toString(36)}`

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

/** One of the shop's products on the storefront, by the public search. */
async function aProductOfTheShop(page: Page, index: number): Promise<{ id: number; images: string[] }> {
  const res = await page.request.get('/api/public/_search/products', {
    params: { query: `(vendorID:"${VENDOR.id}")`, page: 0, size: 20, sort: 'id,asc' },
  })
  const products = (await res.json()) as { id: number; images: string[] }[]
  const product = products[index]
  if (!product) throw new Error('the demo shop has no products')
  return product
}

test('a shop adds a photo to a product, makes it the main picture, and the storefront shows it', async ({
  page,
}) => {
  const errors = watchForErrors(page)
  // Each project works on a product of its own, so the desktop and phone runs never collide.
  const product = await aProductOfTheShop(page, test.info().project.name === 'phone' ? 1 : 0)
  await page.goto(`/vendor/products/${product.id}/pictures`)
  await logIn(page, VENDOR.email, VENDOR.password)
  await expect(page).toHaveURL(new RegExp(`/vendor/products/${product.id}/pictures$`))
  await expect(page.getByRole('heading', { level: 2, name: /^Pictures of / })).toBeVisible()
  const count = product.images.length

  await page
    .getByLabel('Add pictures')
    .setInputFiles({ name: 'shopfront.jpg', mimeType: 'image/jpeg', buffer: PNG })
  await expect(page.getByRole('status').filter({ hasText: 'shopfront.jpg added.' })).toBeVisible()
  const added = page.getByRole('img', { name: `Picture ${count + 1}` })
  await expect(added).toBeVisible()
  await expect(added).toHaveAttribute('src', /^\/media\/uploads\/[0-9a-f]{32}\/640\.webp$/)
  const src = await added.getAttribute('src')

  // A text file under a picture's name is refused with the server's reason.
  await page
    .getByLabel('Add pictures')
    .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture\n') })
  await expect(page.getByRole('alert')).toContainText(
    'notes.jpg: This file is not a JPEG, PNG, WebP or HEIC picture',
  )

  // An iPhone's HEIC photo is taken like any other picture (the server decodes it, decision 0040).
  await page.getByLabel('Add pictures').setInputFiles({
    name: 'IMG_0001.HEIC',
    mimeType: 'image/heic',
    buffer: readFileSync(HEIC_FIXTURE),
  })
  await expect(page.getByRole('status').filter({ hasText: 'IMG_0001.HEIC added.' })).toBeVisible()
  await expect(page.getByRole('img', { name: `Picture ${count + 2}` })).toHaveAttribute(
    'src',
    /^\/media\/uploads\/[0-9a-f]{32}\/640\.webp$/,
  )

  if (count > 0) {
    await page.getByRole('button', { name: `Make picture ${count + 1} the main picture` }).click()
    await expect(page.getByRole('status').filter({ hasText: 'is now the main picture' })).toBeVisible()
  }
  await expect(page.getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', src ?? '')
  await expect(page.getByText('Main picture', { exact: true })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoA11yViolations(page)

  // Keyboard: the move buttons are reachable and work without a pointer.
  if (count > 0) {
    await page.getByRole('button', { name: 'Move picture 1 later' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Picture 1 moved to 2.' })).toBeVisible()
    await page.getByRole('button', { name: 'Make picture 2 the main picture' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', src ?? '')
  }

  // The storefront's product page shows the upload as its main picture at once.
  await page.goto(`/product-detail/${product.id}`)
  await expect(page.locator(`img[src="${src}"]`).first()).toBeVisible()
  // The one refusal the test asked for (the text file) is the browser's only logged error.
  expect(errors.filter((line) => !line.includes('status of 400 (Bad Request)'))).toEqual([])
  expect(errors).toHaveLength(1)
})

test("a product's row links to its pictures, and its edit form shows them beside its fields", async ({
  page,
}) => {
  const errors = watchForErrors(page)
  // Products of their own for each project (the first test takes the shop's first two).
  const product = await aProductOfTheShop(page, test.info().project.name === 'phone' ? 3 : 2)
  const { productName } = (await (await page.request.get(`/api/public/products/${product.id}`)).json()) as {
    productName: string
  }
  await page.goto('/vendor/products')
  await logIn(page, VENDOR.email, VENDOR.password)
  await expect(page).toHaveURL(/\/vendor\/products$/)
  await page.getByLabel('Search by name').fill(productName)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('link', { name: `Pictures of ${productName}`, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/vendor/products/${product.id}/pictures$`))
  await expect(page.getByRole('heading', { level: 2, name: `Pictures of ${productName}` })).toBeVisible()

  await page.goto(`/vendor/products/${product.id}`)
  await expect(page.getByRole('heading', { level: 2, name: productName })).toBeVisible()
  const pictures = page.getByRole('region', { name: 'Pictures' })
  await expect(pictures.getByRole('heading', { level: 3, name: 'Pictures' })).toBeVisible()
  const count = product.images.length
  await pictures
    .getByLabel('Add pictures')
    .setInputFiles({ name: 'counter.jpg', mimeType: 'image/jpeg', buffer: PNG })
  await expect(pictures.getByRole('status').filter({ hasText: 'counter.jpg added.' })).toBeVisible()
  await expect(pictures.getByRole('img', { name: `Picture ${count + 1}` })).toBeVisible()

  // The form's own fields save with their button, and the pictures stay as they are.
  await page.getByLabel('Stock').fill('13')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await expect(pictures.getByRole('img', { name: `Picture ${count + 1}` })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoA11yViolations(page)

  // A new product gets its pictures once saved, and its form says so.
  await page.goto('/vendor/products/new')
  await expect(page.getByText('Pictures are added once the product is saved')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Pictures' })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a shop checks a CSV with a bad row, sees the row and column, and imports only the good rows', async ({
  page,
}) => {
  const errors = watchForErrors(page)
  const categories = (await (await page.request.get('/api/public/categories')).json()) as {
    categoryName: string
  }[]
  const category = categories[0]?.categoryName ?? ''
  const good = unique('Harrow honey cake')
  const csv = [
    'id,name,category,sale_price,discount_price,stock,free,status,description,ingredients,allergens',
    `,${good},${category},4.20,,12,no,ACTIVE,Sticky and dark,Honey; flour; eggs,Eggs`,
    `,Broken loaf,${category},cheap,,3,no,ACTIVE,,,`,
    `,${good} (small),${category},2.10,1.80,5,no,ACTIVE,,,`,
  ].join('\n')

  await page.goto('/vendor/products/import')
  await logIn(page, VENDOR.email, VENDOR.password)
  await expect(page).toHaveURL(/\/vendor\/products\/import$/)
  await expect(page.getByRole('link', { name: 'Import and export' })).toHaveAttribute('aria-current', 'page')

  await page
    .getByLabel('CSV file to check')
    .setInputFiles({ name: 'cakes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(
    page.getByRole('status').filter({ hasText: 'cakes.csv: 3 rows, 2 new, 0 updates, 1 with problems.' }),
  ).toBeVisible()
  const problems = page.getByRole('region', { name: 'Problems by row' })
  await expect(problems.getByRole('row')).toHaveCount(2)
  await expect(problems.getByRole('row').nth(1)).toHaveText(
    /^3\s*sale_price\s*Enter an amount in pounds, like 2\.50$/,
  )
  await expectNoSidewaysScroll(page)
  await expectNoA11yViolations(page)

  await page.getByRole('button', { name: 'Import only the 2 good rows' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Imported: 2 new, 0 updated, 1 rows with problems left out.' }),
  ).toBeVisible()

  // A shopper finds the new product through the search at once.
  const found = await page.request.get('/api/public/_search/products', {
    params: { query: `(productName:"${good}*")`, page: 0, size: 5 },
  })
  const names = ((await found.json()) as { productName: string }[]).map((product) => product.productName)
  expect(names).toEqual(expect.arrayContaining([good, `${good} (small)`]))
  expect(errors).toEqual([])
})
