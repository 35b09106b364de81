import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoA11yViolations, waitForHydration, watchForErrors } from './support/journey-helpers'

interface ApiProduct {
  id: number
  productName: string
  qty: number
  images: string[]
  categoryL1: string
  categoryL2: string | null
}

/** The first product the predicate accepts, walking the public list 100 at a time. */
async function findProduct(request: APIRequestContext, accept: (product: ApiProduct) => boolean) {
  for (let page = 0; page < 20; page++) {
    const response = await request.get(`/api/public/products?size=100&page=${page}`)
    expect(response.ok()).toBe(true)
    const products = (await response.json()) as ApiProduct[]
    const found = products.find(accept)
    if (found) return found
    if (products.length < 100) break
  }
  throw new Error('No product in the demo catalogue matches')
}

test('a product opened from a listing shows its details, breadcrumb and related products', async ({
  page,
}) => {
  const errors = watchForErrors(page)
  await page.goto('/products/Fresh/Cheese')
  const firstCard = page.getByRole('article').first()
  const nameLink = firstCard.getByRole('heading').getByRole('link')
  const name = (await nameLink.textContent())?.trim() ?? ''
  expect(name).not.toBe('')
  await nameLink.click()

  await expect(page).toHaveURL(/\/product-detail\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page).toHaveTitle(`${name} | Larder`)
  const product = page.getByRole('article', { name })
  await expect(product.getByText(/^\d+ products? left in stock!$/)).toBeVisible()
  await expect(product.getByText(/£\d+\.\d\d/).first()).toBeVisible()
  await expect(product.getByText(/^(In-Stock|Out of Stock)$/)).toBeVisible()

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  await expect(breadcrumb.getByRole('link', { name: 'Fresh' })).toHaveAttribute('href', '/products/Fresh')
  await expect(breadcrumb.getByRole('link', { name: 'Cheese' })).toHaveAttribute(
    'href',
    '/products/Fresh/Cheese',
  )

  const related = page.getByRole('list', { name: 'You may also like' })
  await expect(related.getByRole('article').first()).toBeVisible()
  await expect(related.getByRole('link', { name, exact: true })).toHaveCount(0)

  await expectNoA11yViolations(page)
  expect(errors).toEqual([])
})

test('related products take the place of their skeletons without moving what is below them', async ({
  page,
}) => {
  await page.goto('/products/Fresh/Cheese')
  // Clicked before hydration, a link loads the next page from the server, related products included, and
  // there is no skeleton to measure.
  await waitForHydration(page)
  await page.getByRole('article').first().getByRole('heading').getByRole('link').click()
  const related = page.getByRole('list', { name: 'You may also like' })
  const next = related.getByRole('article').first().getByRole('heading').getByRole('link')
  await expect(next).toBeVisible()
  // The next product's related row is held back, so its skeleton stays up to be measured.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === '/api/public/_search/products',
    async (route) => {
      await held
      await route.continue()
    },
  )
  await next.click()
  const skeleton = page.getByTestId('related-skeleton').first()
  await expect(skeleton).toBeVisible()
  const skeletonBox = await skeleton.boundingBox()
  release()
  await expect(page.getByTestId('related-skeleton')).toHaveCount(0)
  const cardBox = await related.getByRole('article').first().boundingBox()
  expect(skeletonBox).not.toBeNull()
  // To the 64th of a pixel layout works in: the skeleton is laid out by the card's own rules.
  expect(cardBox).toEqual(skeletonBox)
})

test('a shopper picks a town, adds the product and removes it again', async ({ page, request }) => {
  const product = await findProduct(request, (candidate) => candidate.qty > 2)
  await page.goto(`/product-detail/${product.id}`)
  const article = page.getByRole('article', { name: product.productName })
  const add = article.getByRole('button', { name: /Add to Cart/ })
  const remove = article.getByRole('button', { name: 'Remove Item' })
  await expect(add).toBeDisabled()
  await expect(remove).toBeDisabled()

  await article.getByLabel('Delivery town').selectOption('Ealing')
  await expect(add).toBeEnabled()
  await add.click()
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
  await expect(remove).toBeEnabled()

  await remove.click()
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
  await expect(remove).toBeDisabled()
  expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBe('[]')
})

test('an out-of-stock product says so and cannot be added', async ({ page, request }) => {
  const product = await findProduct(request, (candidate) => candidate.qty === 0)
  await page.goto(`/product-detail/${product.id}`)
  const article = page.getByRole('article', { name: product.productName })
  await expect(article.getByText('Out of Stock', { exact: true })).toBeVisible()
  await expect(article.getByText('0 products left in stock!')).toBeVisible()
  await article.getByLabel('Delivery town').selectOption('Harrow')
  await expect(article.getByRole('button', { name: /Add to Cart/ })).toBeDisabled()
})

test('an unknown product id shows the not-found page', async ({ page }) => {
  const errors = watchForErrors(page)
  await page.goto('/product-detail/99999999')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that product')
  await expect(page).toHaveTitle('Product not found | Larder')
  await page.getByRole('link', { name: 'Browse all products' }).click()
  await expect(page).toHaveURL('/products')
  // The 404 of the product call is expected; anything else is not.
  expect(errors.filter((error) => !error.includes('404'))).toEqual([])
})

test('a malformed or out-of-range product id shows the not-found page, rendered by the server', async ({
  page,
}) => {
  for (const path of [
    '/product-detail/not-a-number',
    '/product-detail/2147483648',
    '/products2nd/2147483648',
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that product')
  }
})

test('the template product page names the product and shows its pictures in a carousel', async ({
  page,
  request,
}) => {
  const errors = watchForErrors(page)
  const product = await findProduct(request, (candidate) => candidate.images.length > 1)
  await page.goto(`/products2nd/${product.id}`)
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb.getByText(product.productName)).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.productName)
  await expect(page).toHaveTitle(`${product.productName} | Larder`)
  await expect(page.getByText('Quantity left')).toBeVisible()
  await expect(page.getByText('Free shipping over £250')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeDisabled()

  const carousel = page.getByRole('region', { name: `Pictures of ${product.productName}` })
  await expect(carousel.getByRole('button', { name: 'Show picture 1' })).toHaveAttribute(
    'aria-current',
    'true',
  )
  await carousel.getByRole('button', { name: 'Next picture' }).click()
  await expect(carousel.getByRole('button', { name: 'Show picture 2' })).toHaveAttribute(
    'aria-current',
    'true',
  )

  await expectNoA11yViolations(page)
  expect(errors).toEqual([])
})
